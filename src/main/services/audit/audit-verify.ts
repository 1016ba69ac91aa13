import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AuditRecordSchema,
  type AuditRecord,
  type AuditVerdict,
} from '../../../shared/model/audit';
import { digestOf, type ChainHead } from './audit-chain';

/*
 * Verification of the whole trail, oldest file first: every line must parse as a record whose
 * digest holds, whose seq is one more than the record before and whose `prev` is that
 * record's digest. The first record kept may link to a record in a file already rotated away.
 * The head file (the last seq and digest an append wrote) finds a tail cut off at a line's
 * end, or a last record rewritten, which the chain alone cannot see.
 *
 * Damage never hides what verified before it: every record up to the first bad line is
 * answered, and only the lines from there on are set aside (a line cut by a crash is
 * `truncated`, not tampering).
 *
 * A keyed record (`v: 2`) is checked with the trail's key; what the chain cannot tell (an end
 * cut together with the head file, a start deleted, a chain sealed again without the key) the
 * anchor in the keychain tells (audit-anchor.ts), after this scan.
 */

/** The trail's key, for the records sealed with it: those from `keyedFrom` on. */
export interface ChainKey {
  readonly key: Buffer;
  readonly keyedFrom: number;
}

/** What a scan of the trail found. */
export interface TrailScan {
  /** The records that verified, oldest first: every one before the damage when there is some. */
  readonly records: AuditRecord[];
  readonly verdict: AuditVerdict;
  /**
   * Set when the trail is damaged: the files from the damaged one on, how many lines of the
   * first of them verified (they stay in place), and the last record that verified.
   */
  readonly damaged?: {
    readonly files: readonly string[];
    readonly goodLines: number;
    readonly lastGood?: ChainHead;
  };
  /** The end of the chain as verified (undefined for an empty trail). */
  readonly last?: ChainHead;
  /** For each file read, the index in `records` of its first record. */
  readonly fileStarts?: readonly number[];
}

type Check = { readonly record: AuditRecord; readonly head: ChainHead } | AuditVerdict;

/** Checks one line against the record before it (none: the first record of the trail). */
export function checkLine(
  line: string,
  before: ChainHead | undefined,
  file: string,
  isCut: boolean,
  key?: ChainKey,
): Check {
  const expected = (before?.seq ?? 0) + 1;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return isCut
      ? { status: 'truncated', afterSeq: before?.seq ?? 0, file }
      : { status: 'tampered', seq: expected, reason: 'unreadable', file };
  }
  const parsed = AuditRecordSchema.safeParse(raw);
  if (!parsed.success) return { status: 'tampered', seq: expected, reason: 'unreadable', file };
  const record = parsed.data;
  if (before && record.seq !== expected) {
    return { status: 'gap', expectedSeq: expected, foundSeq: record.seq, file };
  }
  if (!digestHolds(raw, record, key)) {
    return { status: 'tampered', seq: record.seq, reason: 'hash', file };
  }
  if (before ? record.prev !== before.hash : record.seq === 1 && record.prev !== null) {
    return { status: 'tampered', seq: record.seq, reason: 'link', file };
  }
  if (isCut) return { status: 'truncated', afterSeq: record.seq, file };
  return { record, head: { seq: record.seq, hash: record.hash } };
}

/**
 * Whether the record's digest holds. A `v: 1` record's SHA-256 is always checked. A `v: 2`
 * record is checked with the trail's key when it was sealed under it (from `keyedFrom` on);
 * one sealed before, under a key the keychain no longer holds, or read with no key at hand,
 * holds by its links alone (the next record names its digest, and the anchor the last one).
 */
function digestHolds(raw: Record<string, unknown>, record: AuditRecord, key?: ChainKey): boolean {
  if (record.v === 1) return digestOf(raw) === record.hash;
  if (!key || record.seq < key.keyedFrom) return true;
  return digestOf(raw, key.key) === record.hash;
}

/**
 * Verifies the trail's `files` (names in `dir`, oldest first) against the head file, keyed
 * records with `key`.
 */
export async function scanTrail(
  dir: string,
  files: readonly string[],
  head: ChainHead | undefined,
  key?: ChainKey,
): Promise<TrailScan> {
  const records: AuditRecord[] = [];
  const fileStarts: number[] = [];
  let before: ChainHead | undefined;
  let lastFileLines = 0;
  for (const [index, file] of files.entries()) {
    fileStarts.push(records.length);
    const text = await readFile(join(dir, file), 'utf8');
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    lastFileLines = lines.length;
    for (const [n, line] of lines.entries()) {
      // A file that does not end with a newline was cut (a crash mid-append, or by hand).
      const isCut = n === lines.length - 1 && !text.endsWith('\n');
      const check = checkLine(line, before, file, isCut, key);
      if ('status' in check) {
        // A record rewritten and sealed again verifies alone and shows at the next link: the
        // record before a broken link is not trusted either.
        const suspect = check.status === 'tampered' && check.reason === 'link' && n > 0 ? 1 : 0;
        const kept = records.slice(0, records.length - suspect);
        return damagedScan(kept, check, files.slice(index), n - suspect);
      }
      records.push(check.record);
      before = check.head;
    }
  }
  const headVerdict = headCheck(files.at(-1) ?? '', before, head);
  if (!headVerdict) {
    return {
      records,
      verdict: { status: 'ok' },
      fileStarts,
      ...(before ? { last: before } : {}),
    };
  }
  // A last record the head does not know was rewritten: it goes aside with the verdict.
  const rewritten = headVerdict.status === 'tampered' ? 1 : 0;
  return damagedScan(
    records.slice(0, records.length - rewritten),
    headVerdict,
    files.slice(-1),
    lastFileLines - rewritten,
  );
}

/**
 * The trail from the first bad line on goes aside (`files`, the first of them keeping its
 * first `goodLines` lines); the records before it stay and the new chain links to the last.
 */
export function damagedScan(
  records: AuditRecord[],
  verdict: AuditVerdict,
  files: readonly string[],
  goodLines: number,
): TrailScan {
  const last = records.at(-1);
  const lastGood = last ? { seq: last.seq, hash: last.hash } : undefined;
  return {
    records,
    verdict,
    damaged: { files, goodLines, ...(lastGood ? { lastGood } : {}) },
    ...(lastGood ? { last: lastGood } : {}),
  };
}

/** A head ahead of the chain, or naming another digest, means its end was cut or rewritten. */
function headCheck(
  file: string,
  last: ChainHead | undefined,
  head: ChainHead | undefined,
): AuditVerdict | undefined {
  if (!head) return undefined;
  const lastSeq = last?.seq ?? 0;
  if (head.seq > lastSeq) return { status: 'truncated', afterSeq: lastSeq, file };
  if (last && head.seq === last.seq && head.hash !== last.hash) {
    return { status: 'tampered', seq: last.seq, reason: 'hash', file };
  }
  return undefined;
}
