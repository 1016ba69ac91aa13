import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AuditRecordSchema,
  type AuditFilter,
  type AuditList,
  type AuditRecord,
} from '../../../shared/model/audit';
import { silentLogger, type Logger } from '../log/logger';
import { checkAnchor, startsAfterRepair } from './audit-anchor';
import { seal, type ChainHead, type UnsealedRecord } from './audit-chain';
import { filterRecords } from './audit-filter';
import {
  CURRENT_FILE,
  LOCK_FILE,
  appendFlushed,
  fileStartsOnDisk,
  lastLine,
  moveAside,
  readHead,
  recentRecords,
  removeFiles,
  rotateCurrent,
  rotatedBeyond,
  rotatedSeq,
  sizeOf,
  trailFiles,
  writeHead,
} from './audit-files';
import { trailId, type TrailKeyring } from './audit-keyring';
import { TrailKeys } from './audit-keys';
import { LockLostError, withFileLock, type FileLockOptions, type HeldLock } from './audit-lock';
import { checkLine, scanTrail, type TrailScan } from './audit-verify';
import { osLogLine, type OsLog } from './os-log';

/*
 * The audit trail's files: append-only JSON Lines, hash-chained (audit-chain.ts), rotated by
 * size, shared by the app and every command-line run on the machine.
 *
 * Two processes may append at once. Each record links to the one before it, so reading the
 * last record and writing the next must be one step across processes: a lock file created
 * exclusively (audit-lock.ts) is held for that step, and confirmed right before each change:
 * a writer that stood still long enough to lose it starts the step again instead of linking
 * to a record that is no longer the last. O_APPEND alone would keep lines whole
 * (for writes up to PIPE_BUF on local files) but not the chain: two writers would read the
 * same last record and both link to it. Each record is still written with one append call,
 * so a crash leaves at most one cut line at the end, which the next read finds.
 *
 * Records are keyed, and the trail anchored, through the OS keychain (audit-keys.ts): after
 * each record is flushed the anchor moves to it, and its line goes to the OS log (os-log.ts).
 * A pruned file is deleted only once the anchor no longer expects it.
 *
 * An append checks only the last record (its digest, the head file, the anchor); a read
 * verifies the whole trail. Whatever does not verify is moved aside, never deleted, and the
 * chain goes on with a `chainStarted` record that says what was found.
 */

/** Options of {@link AuditTrail}. */
export interface AuditTrailOptions {
  /** The trail's folder (`<data folder>/audit`). */
  readonly dir: string;
  /** Rotate the current file before it would pass this size; default 5 MiB. */
  readonly maxFileBytes?: number;
  /** Rotated files kept besides the current one; default 10. */
  readonly keepFiles?: number;
  readonly now?: () => Date;
  readonly lock?: FileLockOptions;
  /** The trail's key and anchor in the OS keychain; none: unkeyed (`v: 1`), unanchored. */
  readonly keyring?: TrailKeyring;
  /** Where each record's line goes besides the trail; none: nowhere. */
  readonly osLog?: OsLog;
  /** Told when the keychain or the OS log fails (neither stops an append). */
  readonly logger?: Logger;
}

/** A record's line longer than this drops its input (a record is a few hundred bytes). */
const MAX_LINE_BYTES = 64 * 1024;
/** A read records at most this many findings (each in a new chain) before it answers. */
const MAX_REPAIRS = 3;

/** The audit trail of one data folder. */
export class AuditTrail {
  readonly #dir: string;
  readonly #maxFileBytes: number;
  readonly #keepFiles: number;
  readonly #now: () => Date;
  readonly #lock: FileLockOptions;
  readonly #keyring: TrailKeyring | undefined;
  readonly #osLog: OsLog | undefined;
  readonly #logger: Logger;
  readonly #trailId: string;

  constructor(options: AuditTrailOptions) {
    this.#dir = options.dir;
    this.#maxFileBytes = options.maxFileBytes ?? 5 * 1024 * 1024;
    this.#keepFiles = options.keepFiles ?? 10;
    this.#now = options.now ?? (() => new Date());
    this.#lock = options.lock ?? {};
    this.#keyring = options.keyring;
    this.#osLog = options.osLog;
    this.#logger = options.logger ?? silentLogger;
    this.#trailId = trailId(options.dir);
  }

  /** The trail's folder. */
  get dir(): string {
    return this.#dir;
  }

  /** Appends one record (stamped with the time and sealed into the chain); answers it. */
  async append(record: UnsealedRecord): Promise<AuditRecord> {
    return this.#locked(async (lock, keys) => {
      const head = await this.#tailHead(lock, keys);
      const time = this.#now().toISOString();
      return (await this.#write({ time, ...record }, head, lock, keys)).record;
    });
  }

  /**
   * Appends `record` unless a recent record is `same` as it (a job ends once, and the app and a
   * command-line run may both learn the end): the look and the append are one step under the
   * lock, so two writers cannot both find nothing. "Recent" is the current file and the one
   * rotated before it, thousands of records: what is recorded once is recorded soon after it
   * happens. Answers the record appended, or undefined when one was there.
   */
  async appendOnce(
    record: UnsealedRecord,
    same: (existing: AuditRecord) => boolean,
  ): Promise<AuditRecord | undefined> {
    return this.#locked(async (lock, keys) => {
      const files = (await trailFiles(this.#dir)).slice(-2);
      for (const file of files) {
        if ((await recentRecords(join(this.#dir, file))).some(same)) return undefined;
      }
      const head = await this.#tailHead(lock, keys);
      const time = this.#now().toISOString();
      return (await this.#write({ time, ...record }, head, lock, keys)).record;
    });
  }

  /**
   * Verifies the whole trail, against its anchor too, and answers its records that match
   * `filter`, oldest first, with the verdict (the first finding). A damaged trail is moved
   * aside here and a new chain records each finding.
   */
  async list(filter: AuditFilter = {}): Promise<AuditList> {
    return this.#locked(async (lock, keys) => {
      let scan = await this.#scan(keys);
      const verdict = scan.verdict;
      const movedAside: string[] = [];
      for (let round = 0; scan.damaged && round < MAX_REPAIRS; round += 1) {
        const repaired = await this.#repair(scan, lock, keys);
        movedAside.push(...repaired.movedAside);
        // A second finding (a start deleted besides a cut end) is recorded in its own chain;
        // an anchor that could not move would find the same again.
        scan = repaired.anchored
          ? await this.#scan(keys)
          : { ...scan, records: [...scan.records, repaired.record] };
        if (!repaired.anchored) break;
      }
      const anchor = keys.check(scan.records);
      return {
        records: filterRecords(scan.records, filter, this.#now().getTime()),
        verdict,
        movedAside,
        ...(anchor ? { anchor } : {}),
      };
    });
  }

  /**
   * Runs `work` under the lock with the keychain's key and anchor; again from the start
   * (twice at most) when it lost the lock.
   */
  async #locked<T>(work: (lock: HeldLock, keys: TrailKeys) => Promise<T>): Promise<T> {
    await mkdir(this.#dir, { recursive: true });
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await withFileLock(
          join(this.#dir, LOCK_FILE),
          async (lock) => work(lock, await TrailKeys.read(this.#keyring, this.#logger)),
          this.#lock,
        );
      } catch (error) {
        if (!(error instanceof LockLostError) || attempt === 3) throw error;
      }
    }
  }

  async #scan(keys: TrailKeys): Promise<TrailScan> {
    const files = await trailFiles(this.#dir);
    const scan = await scanTrail(this.#dir, files, await readHead(this.#dir), keys.chainKey());
    return checkAnchor(scan, files, keys.anchor());
  }

  /**
   * The end of the chain a new record links to, from the last line alone. When that line, the
   * head file or the anchor says the end is not what was last appended, the whole trail is
   * verified and repaired first.
   */
  async #tailHead(lock: HeldLock, keys: TrailKeys): Promise<ChainHead | undefined> {
    const files = await trailFiles(this.#dir);
    const head = await readHead(this.#dir);
    const anchored = keys.anchor()?.last;
    const file = files.at(-1);
    const tail = file === undefined ? undefined : await lastLine(join(this.#dir, file));
    if (file !== undefined && tail !== undefined) {
      const check = checkLine(tail.text, undefined, file, !tail.complete, keys.chainKey());
      const agrees =
        !('status' in check) &&
        (!head ||
          head.seq < check.head.seq ||
          (head.seq === check.head.seq && head.hash === check.head.hash)) &&
        // Past the anchor (an append it missed), records up to it are checked by a full read.
        (!anchored || (anchored.seq === check.head.seq && anchored.hash === check.head.hash));
      if (agrees) return check.head;
    } else if (files.length === 0 && !head && !anchored) {
      return undefined;
    }
    const scan = await this.#scan(keys);
    if (!scan.damaged) return scan.last;
    return (await this.#repair(scan, lock, keys)).head;
  }

  /**
   * Sets the damaged part aside (from the first bad line on) and starts the chain again, after
   * the last record that verified, with a record of it; the anchor expects what is left.
   */
  async #repair(
    scan: TrailScan,
    lock: HeldLock,
    keys: TrailKeys,
  ): Promise<{ record: AuditRecord; head: ChainHead; movedAside: string[]; anchored: boolean }> {
    const names = scan.damaged?.files ?? [];
    await lock.confirm();
    const movedAside = await moveAside(this.#dir, names, this.#now(), scan.damaged?.goodLines ?? 0);
    const anchor = keys.anchor();
    const lastGood = scan.damaged?.lastGood;
    const starts = anchor && startsAfterRepair(anchor.starts, scan.verdict, lastGood?.seq);
    const written = await this.#write(
      {
        type: 'chainStarted',
        time: this.#now().toISOString(),
        verdict: scan.verdict,
        movedAside,
      },
      lastGood,
      lock,
      keys,
      starts,
    );
    const { record, anchored } = written;
    return { record, head: { seq: record.seq, hash: record.hash }, movedAside, anchored };
  }

  /**
   * Seals `record` after `head` (keyed when the keychain answers), rotates when it would not
   * fit, appends it, then moves the head and the anchor, prunes, and writes the record's line
   * to the OS log. `starts`: the files the anchor is to expect (default: those it expected, or
   * for a new anchor those on disk).
   */
  async #write(
    record: UnsealedRecord,
    head: ChainHead | undefined,
    lock: HeldLock,
    keys: TrailKeys,
    starts?: readonly number[],
  ): Promise<{ record: AuditRecord; anchored: boolean }> {
    const key = keys.sealKey();
    let sealed = seal(record, head, key);
    let line = JSON.stringify(sealed) + '\n';
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
      sealed = seal({ ...record, input: { omitted: 'too large to record' } }, head, key);
      line = JSON.stringify(sealed) + '\n';
    }
    // Checked before it is written: a record the next read would refuse is never appended.
    const parsed = AuditRecordSchema.parse(sealed);
    let expected =
      starts ?? keys.anchor()?.starts ?? (keys.isKeyed ? await fileStartsOnDisk(this.#dir) : []);
    const current = join(this.#dir, CURRENT_FILE);
    const size = await sizeOf(current);
    let pruned: string[] = [];
    if (size > 0 && size + Buffer.byteLength(line) > this.#maxFileBytes) {
      await lock.confirm();
      await rotateCurrent(this.#dir, head?.seq ?? 0);
      pruned = await rotatedBeyond(this.#dir, this.#keepFiles);
      const gone = new Set(pruned.map(rotatedSeq));
      expected = expected.filter((seq) => !gone.has(seq));
    }
    // A new current file begins with this record.
    if ((await sizeOf(current)) === 0 && !expected.includes(parsed.seq)) {
      expected = [...expected, parsed.seq];
    }
    // One write per record, flushed: a crash cuts at most this line, which the next read finds.
    await lock.confirm();
    await appendFlushed(current, line);
    await writeHead(this.#dir, { seq: parsed.seq, hash: parsed.hash });
    const anchored = await keys.anchorTo(parsed, expected);
    // A pruned file goes once the anchor no longer expects it, else the next read would take
    // it for a deleted one; while the keychain does not take the anchor, the next rotation
    // prunes it. An unkeyed trail prunes at once (its anchor, if any, then lags: README).
    if (anchored || !keys.isKeyed) await removeFiles(this.#dir, pruned);
    await this.#toOsLog(parsed);
    return { record: parsed, anchored };
  }

  /** Writes the record's line to the OS log; a failure is logged, never the append's. */
  async #toOsLog(record: AuditRecord): Promise<void> {
    if (!this.#osLog) return;
    try {
      await this.#osLog.write(osLogLine(record, this.#trailId));
    } catch (error) {
      this.#logger.warn('An audit record could not be written to the OS log', {
        seq: record.seq,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
