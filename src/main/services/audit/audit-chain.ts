import { createHash, createHmac } from 'node:crypto';

/*
 * The chain of the audit trail: each record carries `seq` (one more than the record before),
 * `prev` (the digest of the record before) and `hash` (the digest of its own canonical JSON
 * without `hash`). Editing a record breaks its digest, recomputing the digest breaks the next
 * record's link, and deleting one breaks the numbering: each is found on read.
 *
 * A digest anyone can recompute lets anyone who can write the file seal it again. So records
 * are keyed (`v: 2`): the digest is an HMAC-SHA256 under a key of the trail's own, kept in the
 * OS keychain (audit-keyring.ts), never in the folder. `v: 1` records (older versions, and
 * records written while the keychain did not answer) keep their plain SHA-256.
 */

/** A record before it is sealed: everything but `seq`, `prev` and `hash`. */
export type UnsealedRecord = Record<string, unknown>;

/** The end of a chain a new record links to. */
export interface ChainHead {
  readonly seq: number;
  readonly hash: string;
}

/**
 * JSON with object keys sorted at every depth and undefined fields left out, so that one
 * record has one text whatever order its fields were built in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sorted(item)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = sorted(item);
  }
  return out;
}

/**
 * The digest (hex) of the record's canonical JSON without its `hash` field: an HMAC-SHA256
 * under `key` when one is given (a `v: 2` record), else a SHA-256 (`v: 1`).
 */
export function digestOf(record: Readonly<Record<string, unknown>>, key?: Buffer): string {
  const { hash: _hash, ...rest } = record;
  const digest = key ? createHmac('sha256', key) : createHash('sha256');
  return digest.update(canonicalJson(rest)).digest('hex');
}

/**
 * The record with its place in the chain after `head` (none: the first of a trail), keyed
 * (`v: 2`) under `key`, or `v: 1` without one.
 */
export function seal(
  record: UnsealedRecord,
  head: ChainHead | undefined,
  key?: Buffer,
): Record<string, unknown> {
  // Chain fields first: the files are read by people too.
  const v = key ? 2 : 1;
  const linked = { v, seq: (head?.seq ?? 0) + 1, prev: head?.hash ?? null, ...record };
  return { ...linked, hash: digestOf(linked, key) };
}
