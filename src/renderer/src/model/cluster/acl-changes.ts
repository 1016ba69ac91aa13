import { isCidr, isIpAddress } from '@shared/contract/cidr';
import type {
  CidrEntry,
  CidrEntryResponse,
  UpdateCidrRequest,
} from '@shared/contract/records/cluster';
import { cidrContains } from './cidr-contains';

/*
 * Pure helpers of the ACL editor: the PATCH body that turns one list into another, the DELETE
 * that removes one entry, and whether a change would lock the caller out.
 */

function sameBlock(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The UpdateCidrRequest that turns `before` into `after`: blocks that disappear are removed,
 * blocks that are new or whose comment changed are added (the service replaces an entry of the
 * same block, so a changed comment needs no removal).
 */
export function aclDiff(
  before: readonly CidrEntryResponse[],
  after: readonly CidrEntry[],
): UpdateCidrRequest {
  const removeCidrEntries = before
    .filter((old) => !after.some((entry) => sameBlock(entry.cidrBlock, old.cidrBlock)))
    .map((old) => old.cidrBlock);
  const addCidrEntries = after
    .filter((entry) => {
      const old = before.find((candidate) => sameBlock(candidate.cidrBlock, entry.cidrBlock));
      return old === undefined || old.comment !== entry.comment;
    })
    .map((entry) => ({ cidrBlock: entry.cidrBlock.trim(), comment: entry.comment }));
  return { addCidrEntries, removeCidrEntries };
}

/** True when the diff changes nothing. */
export function isEmptyDiff(diff: UpdateCidrRequest): boolean {
  return diff.addCidrEntries.length === 0 && diff.removeCidrEntries.length === 0;
}

/**
 * Which request removes an entry: by address, by range (address and prefix as two segments),
 * or, for an odd entry, through the PATCH's remove list.
 */
export type AclRemoval =
  | { readonly channel: 'cluster:deleteAllowedIp'; readonly pathParams: { ipAddress: string } }
  | {
      readonly channel: 'cluster:deleteAllowedRange';
      readonly pathParams: { cidrIpAddress: string; cidrIpPrefix: string };
    }
  | { readonly channel: 'cluster:overwriteAllowedIps'; readonly body: UpdateCidrRequest };

/**
 * The request that removes an entry. A single address goes to `deleteAllowedIp`; a CIDR block
 * to `deleteAllowedRange`, because a `/` inside one path segment would be sent as `%2F`. Both
 * take only a valid address (and prefix), so an odd entry another tool wrote is removed by its
 * text through the PATCH's `removeCidrEntries`, which names what the ACL already holds.
 */
export function aclRemovalFor(cidrBlock: string): AclRemoval {
  const block = cidrBlock.trim();
  if (isIpAddress(block)) {
    return { channel: 'cluster:deleteAllowedIp', pathParams: { ipAddress: block } };
  }
  if (isCidr(block)) {
    const slash = block.lastIndexOf('/');
    return {
      channel: 'cluster:deleteAllowedRange',
      pathParams: { cidrIpAddress: block.slice(0, slash), cidrIpPrefix: block.slice(slash + 1) },
    };
  }
  return {
    channel: 'cluster:overwriteAllowedIps',
    body: { addCidrEntries: [], removeCidrEntries: [cidrBlock] },
  };
}

/** What removing entries means for the caller's own address. */
export interface LockoutRisk {
  /** Some removed entry lets the caller's address in. */
  readonly removesYourEntry: boolean;
  /** After the change no entry lets the caller in any more. */
  readonly locksYouOut: boolean;
}

/**
 * Whether removing `removed` blocks from `entries` touches the caller's address `ip` (and
 * whether any other entry still admits it). Unknown `ip` means no risk can be computed.
 */
export function lockoutRisk(
  entries: readonly { readonly cidrBlock: string }[],
  removed: readonly string[],
  ip: string | undefined,
): LockoutRisk {
  if (!ip) return { removesYourEntry: false, locksYouOut: false };
  const isRemoved = (block: string): boolean => removed.some((gone) => sameBlock(gone, block));
  const admitting = entries.filter((entry) => cidrContains(entry.cidrBlock, ip));
  const removesYourEntry = admitting.some((entry) => isRemoved(entry.cidrBlock));
  const locksYouOut = removesYourEntry && admitting.every((entry) => isRemoved(entry.cidrBlock));
  return { removesYourEntry, locksYouOut };
}

/** {@link lockoutRisk} for a whole-list edit: what `before` admitted that `after` no longer does. */
export function overwriteRisk(
  before: readonly { readonly cidrBlock: string }[],
  after: readonly { readonly cidrBlock: string }[],
  ip: string | undefined,
): LockoutRisk {
  if (!ip) return { removesYourEntry: false, locksYouOut: false };
  const removed = aclDiff(
    before.map((entry) => ({ cidrBlock: entry.cidrBlock, comment: '' })),
    after.map((entry) => ({ cidrBlock: entry.cidrBlock, comment: '' })),
  ).removeCidrEntries;
  const { removesYourEntry } = lockoutRisk(before, removed, ip);
  const admittedBefore = before.some((entry) => cidrContains(entry.cidrBlock, ip));
  const admittedAfter = after.some((entry) => cidrContains(entry.cidrBlock, ip));
  return { removesYourEntry, locksYouOut: admittedBefore && !admittedAfter };
}
