/*
 * IP address and CIDR validation for the cluster ACL. Written by hand because src/shared is
 * also bundled into the sandboxed renderer, where node:net is not available.
 */

const IPV4_OCTET = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/;
const PREFIX = /^(0|[1-9]\d{0,2})$/;

/** True for a dotted-quad IPv4 address such as `203.0.113.7` (no leading zeros, no ports). */
export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  // Leading zeros are refused: some parsers read `010` as octal 8, others as decimal 10.
  return parts.every((part) => IPV4_OCTET.test(part) && Number(part) <= 255);
}

/**
 * True for an IPv6 address in any RFC 4291 text form: full, `::`-compressed, or ending in an
 * embedded IPv4 address (`::ffff:192.0.2.1`). Zone ids (`%eth0`) are refused: they mean
 * nothing to a remote firewall.
 */
export function isIPv6(value: string): boolean {
  if (value.length === 0 || value.includes('%')) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (text: string): string[] => (text === '' ? [] : text.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  // An embedded IPv4 address may only be the very last part (so not before a trailing `::`).
  const last = halves.length === 2 ? tail.at(-1) : head.at(-1);
  let groupCount = all.length;
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    all.pop();
    groupCount += 1; // an embedded IPv4 address fills two 16-bit groups
  }
  if (!all.every((group) => IPV6_GROUP.test(group))) return false;
  // `::` stands for at least one zero group, so a compressed form has fewer than eight.
  return halves.length === 2 ? groupCount < 8 : groupCount === 8;
}

/** True for an IPv4 or IPv6 address. */
export function isIpAddress(value: string): boolean {
  return isIPv4(value) || isIPv6(value);
}

/** Bits of an address of the family of `address`: 32 (IPv4), 128 (IPv6), undefined for neither. */
export function addressBits(address: string): 32 | 128 | undefined {
  if (isIPv4(address)) return 32;
  if (isIPv6(address)) return 128;
  return undefined;
}

/**
 * True for a CIDR block `address/prefix`: prefix 0..32 for IPv4, 0..128 for IPv6. Host bits
 * may be set (`10.0.0.7/24`); the service's ACL decides what it makes of them.
 */
export function isCidr(value: string): boolean {
  const slash = value.lastIndexOf('/');
  if (slash < 0) return false;
  const bits = addressBits(value.slice(0, slash));
  const prefix = value.slice(slash + 1);
  return bits !== undefined && PREFIX.test(prefix) && Number(prefix) <= bits;
}

/** True for what an ACL entry's `cidrBlock` may hold: a single address or a CIDR block. */
export function isIpOrCidr(value: string): boolean {
  return isIpAddress(value) || isCidr(value);
}
