import { BlockList } from 'node:net';
import { isCidr, isIPv6, isIpAddress } from '../../shared/contract/cidr';
import type { TlsVersion } from '../../shared/contract/enums';
import type { CidrEntry, Cluster, ServerSecurity } from '../../shared/contract/records/cluster';
import { EmulatorHttpError } from '../http-error';

/**
 * The canonical form of an address or CIDR block, for comparing entries: a bare address is
 * its one-host block (`/32`, `/128`), and IPv6 text is normalised (`2001:DB8:0::1` is
 * `2001:db8::1`). Text that is neither is only lower-cased.
 */
export function canonicalBlock(text: string): string {
  const trimmed = text.trim().toLowerCase();
  if (!isIpAddress(trimmed) && !isCidr(trimmed)) return trimmed;
  const slash = trimmed.lastIndexOf('/');
  const address = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const v6 = isIPv6(address);
  const bits = slash < 0 ? (v6 ? 128 : 32) : Number(trimmed.slice(slash + 1));
  const normal = v6 ? new URL(`http://[${address}]`).hostname.slice(1, -1) : address;
  return `${normal}/${bits}`;
}

/** Normalises a socket address: `::ffff:127.0.0.1` is the IPv4 address `127.0.0.1`. */
export function normaliseClientIp(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Options of {@link ClusterStore}. */
export interface ClusterStoreOptions {
  readonly name: string;
  readonly entries: readonly CidrEntry[];
}

/** The cluster: its ACL of allowed client addresses and its minimum TLS version. */
export class ClusterStore {
  readonly name: string;
  readonly state = 'Ready';
  #entries: CidrEntry[];
  #minTlsVersion: TlsVersion = '1.2';

  constructor(options: ClusterStoreOptions) {
    this.name = options.name;
    this.#entries = options.entries.map((entry) => ({ ...entry }));
  }

  toCluster(): Cluster {
    return { name: this.name, state: this.state, cidrEntries: this.entries() };
  }

  entries(): CidrEntry[] {
    return this.#entries.map((entry) => ({ ...entry }));
  }

  /** PUT: adds an entry; an entry for the same block is replaced (its comment updated). */
  add(entry: CidrEntry): void {
    this.#entries = [...this.#withoutBlock(this.#entries, entry.cidrBlock), { ...entry }];
  }

  /**
   * PATCH: removes and adds in one step that replaces the ACL. Removing an entry that is not
   * there changes nothing, so the same request twice gives the same ACL.
   */
  update(add: readonly CidrEntry[], remove: readonly string[]): void {
    let next = this.#entries;
    for (const block of remove) next = this.#withoutBlock(next, block);
    for (const entry of add) next = [...this.#withoutBlock(next, entry.cidrBlock), { ...entry }];
    this.#entries = next;
  }

  /** Whether an entry has this block (compared in canonical form). */
  has(block: string): boolean {
    return this.#withoutBlock(this.#entries, block).length !== this.#entries.length;
  }

  /** DELETE by address or range: 404 when no entry has that block. */
  remove(block: string): void {
    const next = this.#withoutBlock(this.#entries, block);
    if (next.length === this.#entries.length) {
      throw new EmulatorHttpError(404, `${block} is not in the access control list.`);
    }
    this.#entries = next;
  }

  /** Whether the ACL lets `ip` in. */
  allows(ip: string): boolean {
    const list = new BlockList();
    for (const entry of this.#entries) {
      const block = canonicalBlock(entry.cidrBlock);
      const slash = block.lastIndexOf('/');
      if (slash < 0) continue;
      const address = block.slice(0, slash);
      const family = isIPv6(address) ? 'ipv6' : 'ipv4';
      list.addSubnet(address, Number(block.slice(slash + 1)), family);
    }
    if (!isIpAddress(ip)) return false;
    return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
  }

  setMinTlsVersion(version: TlsVersion): void {
    this.#minTlsVersion = version;
  }

  toServerSecurity(): ServerSecurity {
    return { minTlsVersion: this.#minTlsVersion, allConnectionsEncrypted: true };
  }

  #withoutBlock(entries: CidrEntry[], block: string): CidrEntry[] {
    const wanted = canonicalBlock(block);
    return entries.filter((entry) => canonicalBlock(entry.cidrBlock) !== wanted);
  }
}
