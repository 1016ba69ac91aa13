import { isCidr, isIPv4, isIPv6 } from '@shared/contract/cidr';

/*
 * Whether an ACL entry lets an address in, computed in the renderer so the cluster view can
 * warn before the user removes the entry that admits their own machine. Written by hand
 * (no node:net in the sandboxed renderer) over BigInt, which covers IPv4 and IPv6 alike.
 */

interface ParsedAddress {
  readonly family: 4 | 6;
  readonly value: bigint;
}

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((sum, octet) => (sum << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Groups(text: string): number[] {
  const halves = text.split('::');
  const groupsOf = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      // An embedded IPv4 address fills the last two groups.
      const v4 = Number(ipv4Value(group));
      return [Math.floor(v4 / 0x10000), v4 % 0x10000];
    });
  };
  const head = groupsOf(halves[0] ?? '');
  if (halves.length === 1) return head;
  const tail = groupsOf(halves[1] ?? '');
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * Parses an address. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`) is read as the IPv4
 * address it carries: that is how a dual-stack socket reports an IPv4 client.
 */
function parseAddress(text: string): ParsedAddress | undefined {
  const trimmed = text.trim();
  if (isIPv4(trimmed)) return { family: 4, value: ipv4Value(trimmed) };
  if (!isIPv6(trimmed)) return undefined;
  const value = ipv6Groups(trimmed).reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

/** An ACL entry's block: its network address, family and prefix length. */
interface ParsedBlock extends ParsedAddress {
  readonly prefix: number;
}

function parseBlock(text: string): ParsedBlock | undefined {
  const trimmed = text.trim();
  if (isCidr(trimmed)) {
    const slash = trimmed.lastIndexOf('/');
    const address = parseAddress(trimmed.slice(0, slash));
    if (!address) return undefined;
    const bits = Number(trimmed.slice(slash + 1));
    // A mapped address written with an IPv6 prefix keeps its meaning: drop the 96 mapping bits.
    const mapped = address.family === 4 && !isIPv4(trimmed.slice(0, slash));
    const prefix = mapped ? bits - 96 : bits;
    if (prefix < 0) return undefined;
    return { ...address, prefix };
  }
  const address = parseAddress(trimmed);
  return address ? { ...address, prefix: address.family === 4 ? 32 : 128 } : undefined;
}

/**
 * True when `ip` lies inside `cidr` (an address or a CIDR block, host bits allowed as the
 * service allows them: `10.0.0.7/24` covers 10.0.0.0 to 10.0.0.255). False when either text
 * is not an address of the same family, so a malformed entry never claims to let anyone in.
 */
export function cidrContains(cidr: string, ip: string): boolean {
  const block = parseBlock(cidr);
  const address = parseAddress(ip);
  if (!block || !address || block.family !== address.family) return false;
  const width = block.family === 4 ? 32n : 128n;
  const hostBits = width - BigInt(block.prefix);
  return block.value >> hostBits === address.value >> hostBits;
}

/** The entries (by `cidrBlock`) that let `ip` in. */
export function entriesAdmitting<T extends { readonly cidrBlock: string }>(
  entries: readonly T[],
  ip: string,
): T[] {
  return entries.filter((entry) => cidrContains(entry.cidrBlock, ip));
}
