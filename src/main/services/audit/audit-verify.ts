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
 */

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
}

type Check = { readonly record: AuditRecord; readonly head: ChainHead } | AuditVerdict;

/** Checks one line against the record before it (none: the first record of the trail). */
export function checkLine(
  line: string,
  before: ChainHead | undefined,
  file: string,
  isCut: boolean,
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
  if (digestOf(raw) !== record.hash) {
    return { status: 'tampered', seq: record.seq, reason: 'hash', file };
  }
  if (before ? record.prev !== before.hash : record.seq === 1 && record.prev !== null) {
    return { status: 'tampered', seq: record.seq, reason: 'link', file };
  }
  if (isCut) return { status: 'truncated', afterSeq: record.seq, file };
  return { record, head: { seq: record.seq, hash: record.hash } };
}

/** Verifies the trail's `files` (names in `dir`, oldest first) against the head file. */
export async function scanTrail(
  dir: string,
  files: readonly string[],
  head: ChainHead | undefined,
): Promise<TrailScan> {
  const records: AuditRecord[] = [];
  let before: ChainHead | undefined;
  let lastFileLines = 0;
  for (const [index, file] of files.entries()) {
    const text = await readFile(join(dir, file), 'utf8');
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    lastFileLines = lines.length;
    for (const [n, line] of lines.entries()) {
      // A file that does not end with a newline was cut (a crash mid-append, or by hand).
      const isCut = n === lines.length - 1 && !text.endsWith('\n');
      const check = checkLine(line, before, file, isCut);
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
    return { records, verdict: { status: 'ok' }, ...(before ? { last: before } : {}) };
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
 * The trail from the first bad line on goes aside; the records before it stay and the new
 * chain links to the last of them.
 */
function damagedScan(
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
