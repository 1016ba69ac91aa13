import type { AuditVerdict } from '../../../shared/model/audit';
import type { TrailAnchor } from './audit-keyring';
import { damagedScan, type TrailScan } from './audit-verify';

/*
 * The trail checked against its anchor in the OS keychain (audit-keyring.ts), after the chain
 * itself verified (audit-verify.ts). The chain finds what breaks a link; the anchor finds what
 * leaves a whole chain behind:
 *
 * - no file left though the anchor knows records: the trail was deleted (`trailDeleted`);
 * - the chain ends before the anchor's last record, even with the head file cut to match:
 *   its end was cut (`cut`);
 * - the record at the anchor's last seq is not the one it holds: the chain was sealed again
 *   without the key. It is set aside from its first record sealed without the key where the
 *   anchor says the chain was keyed (`tampered`, `unkeyed`), else from that record (`anchor`);
 * - the chain begins after the anchor's first record: a whole file is missing when it begins
 *   where a file the anchor knows began (`oldestFileDeleted`), else records
 *   (`firstRecordsDeleted`).
 *
 * A trail with more records than the anchor knows is whole (an append whose anchor could not
 * be written), and one beginning before the anchor's first record too (a crash between moving
 * the anchor and pruning). Each finding is answered as damage, so the read records it in a new
 * chain and moves the anchor on (startsAfterRepair): it is reported once, then kept in the trail.
 */

/** The scan, with what the anchor finds added as its verdict when the chain itself held. */
export function checkAnchor(
  scan: TrailScan,
  files: readonly string[],
  anchor: TrailAnchor | undefined,
): TrailScan {
  if (!anchor) return scan;
  if (scan.damaged) return cutBeneathTornEnd(scan, anchor);
  if (files.length === 0) {
    return damagedScan([], { status: 'trailDeleted', anchoredSeq: anchor.last.seq }, [], 0);
  }
  return endCheck(scan, files, anchor) ?? startCheck(scan, files, anchor) ?? scan;
}

/**
 * A torn last line is what a crash leaves, but the record torn was never anchored (the anchor
 * moves after the line is flushed): when the anchor knows records past the last whole one, the
 * end was cut and a torn line left to look like a crash.
 */
function cutBeneathTornEnd(scan: TrailScan, anchor: TrailAnchor): TrailScan {
  const verdict = scan.verdict;
  if (verdict.status !== 'truncated' || anchor.last.seq <= verdict.afterSeq) return scan;
  return { ...scan, verdict: { ...verdict, status: 'cut', anchoredSeq: anchor.last.seq } };
}

function endCheck(
  scan: TrailScan,
  files: readonly string[],
  anchor: TrailAnchor,
): TrailScan | undefined {
  const { records } = scan;
  const anchored = anchor.last;
  const endSeq = records.at(-1)?.seq ?? 0;
  const firstSeq = records[0]?.seq ?? 0;
  if (endSeq >= anchored.seq) {
    const at = anchored.seq - firstSeq;
    // Before the trail's first record: the start check says what is missing.
    if (at < 0 || records[at]?.hash === anchored.hash) return undefined;
  }
  const unkeyed = records.findIndex(
    (record) => record.v === 1 && record.seq >= anchor.keyedFrom && record.seq <= anchored.seq,
  );
  if (endSeq < anchored.seq) {
    const kept = unkeyed < 0 ? records.length : unkeyed;
    const verdict: AuditVerdict = {
      status: 'cut',
      afterSeq: records[kept - 1]?.seq ?? 0,
      anchoredSeq: anchored.seq,
      file: files.at(-1) ?? '',
    };
    return unkeyed < 0
      ? damagedScan(records, verdict, [], 0)
      : asideFrom(scan, files, unkeyed, verdict);
  }
  const at = unkeyed < 0 ? anchored.seq - firstSeq : unkeyed;
  const verdict: AuditVerdict = {
    status: 'tampered',
    seq: records[at]?.seq ?? anchored.seq,
    reason: unkeyed < 0 ? 'anchor' : 'unkeyed',
    file: files[fileOf(scan, at)] ?? '',
  };
  return asideFrom(scan, files, at, verdict);
}

function startCheck(
  scan: TrailScan,
  files: readonly string[],
  anchor: TrailAnchor,
): TrailScan | undefined {
  const found = scan.records[0]?.seq;
  const expected = anchor.starts[0];
  if (found === undefined || expected === undefined || found <= expected) return undefined;
  const verdict: AuditVerdict = {
    status: anchor.starts.includes(found) ? 'oldestFileDeleted' : 'firstRecordsDeleted',
    expectedSeq: expected,
    foundSeq: found,
    file: files[fileOf(scan, 0)] ?? '',
  };
  return damagedScan(scan.records, verdict, [], 0);
}

/** The scan with the records from index `at` on set aside, with their files. */
function asideFrom(
  scan: TrailScan,
  files: readonly string[],
  at: number,
  verdict: AuditVerdict,
): TrailScan {
  const file = fileOf(scan, at);
  const goodLines = at - (scan.fileStarts?.[file] ?? 0);
  return damagedScan(scan.records.slice(0, at), verdict, files.slice(file), goodLines);
}

/** The index of the file that holds the record at index `at`. */
function fileOf(scan: TrailScan, at: number): number {
  const starts = scan.fileStarts ?? [0];
  let file = 0;
  for (const [index, start] of starts.entries()) if (start <= at) file = index;
  // Files with no record start where the next one does: the record is in the last of them.
  return file;
}

/**
 * The files the anchor expects once a read has recorded `verdict` in a new chain: from the
 * first record found on after a deleted start; none after a deleted trail; else those still
 * holding records up to the last that verified (a file set aside is gone). The new chain's own
 * file is added by the append (a new current file starts where its first record is).
 */
export function startsAfterRepair(
  starts: readonly number[],
  verdict: AuditVerdict,
  lastGood: number | undefined,
): number[] {
  switch (verdict.status) {
    case 'trailDeleted':
      return [];
    case 'firstRecordsDeleted':
    case 'oldestFileDeleted':
      return [verdict.foundSeq, ...starts.filter((seq) => seq > verdict.foundSeq)];
    default:
      return starts.filter((seq) => seq <= (lastGood ?? 0));
  }
}
