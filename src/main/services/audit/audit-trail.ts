import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AuditRecordSchema,
  type AuditFilter,
  type AuditList,
  type AuditRecord,
} from '../../../shared/model/audit';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../common/atomic-file';
import { seal, type ChainHead, type UnsealedRecord } from './audit-chain';
import { filterRecords } from './audit-filter';
import {
  CURRENT_FILE,
  HEAD_FILE,
  LOCK_FILE,
  appendFlushed,
  firstLine,
  lastLine,
  moveAside,
  pruneRotated,
  recentRecords,
  rotatedName,
  sizeOf,
  trailFiles,
} from './audit-files';
import { LockLostError, withFileLock, type FileLockOptions, type HeldLock } from './audit-lock';
import { checkLine, scanTrail, type TrailScan } from './audit-verify';

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
 * An append checks only the last record (its digest, and the head file); a read verifies the
 * whole trail. Whatever does not verify is moved aside, never deleted, and the chain goes on
 * with a `chainStarted` record that says what was found.
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
}

/** A record's line longer than this drops its input (a record is a few hundred bytes). */
const MAX_LINE_BYTES = 64 * 1024;

/** The audit trail of one data folder. */
export class AuditTrail {
  readonly #dir: string;
  readonly #maxFileBytes: number;
  readonly #keepFiles: number;
  readonly #now: () => Date;
  readonly #lock: FileLockOptions;

  constructor(options: AuditTrailOptions) {
    this.#dir = options.dir;
    this.#maxFileBytes = options.maxFileBytes ?? 5 * 1024 * 1024;
    this.#keepFiles = options.keepFiles ?? 10;
    this.#now = options.now ?? (() => new Date());
    this.#lock = options.lock ?? {};
  }

  /** The trail's folder. */
  get dir(): string {
    return this.#dir;
  }

  /** Appends one record (stamped with the time and sealed into the chain); answers it. */
  async append(record: UnsealedRecord): Promise<AuditRecord> {
    return this.#locked(async (lock) => {
      const head = await this.#tailHead(lock);
      return this.#write({ time: this.#now().toISOString(), ...record }, head, lock);
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
    return this.#locked(async (lock) => {
      const files = (await trailFiles(this.#dir)).slice(-2);
      for (const file of files) {
        if ((await recentRecords(join(this.#dir, file))).some(same)) return undefined;
      }
      const head = await this.#tailHead(lock);
      return this.#write({ time: this.#now().toISOString(), ...record }, head, lock);
    });
  }

  /**
   * Verifies the whole trail and answers its records that match `filter`, oldest first, with
   * the verdict. A damaged trail is moved aside here and a new chain records it.
   */
  async list(filter: AuditFilter = {}): Promise<AuditList> {
    return this.#locked(async (lock) => {
      const scan = await this.#scan();
      let records = scan.records;
      let movedAside: string[] = [];
      if (scan.damaged) {
        const repaired = await this.#repair(scan, lock);
        records = [...records, repaired.record];
        movedAside = repaired.movedAside;
      }
      return {
        records: filterRecords(records, filter),
        verdict: scan.verdict,
        movedAside,
      };
    });
  }

  /** Runs `work` under the lock; again from the start (twice at most) when it lost the lock. */
  async #locked<T>(work: (lock: HeldLock) => Promise<T>): Promise<T> {
    await mkdir(this.#dir, { recursive: true });
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await withFileLock(join(this.#dir, LOCK_FILE), work, this.#lock);
      } catch (error) {
        if (!(error instanceof LockLostError) || attempt === 3) throw error;
      }
    }
  }

  async #scan(): Promise<TrailScan> {
    return scanTrail(this.#dir, await trailFiles(this.#dir), await this.#readHead());
  }

  /**
   * The end of the chain a new record links to, from the last line alone. When that line or
   * the head file says the end is damaged, the whole trail is verified and repaired first.
   */
  async #tailHead(lock: HeldLock): Promise<ChainHead | undefined> {
    const files = await trailFiles(this.#dir);
    const head = await this.#readHead();
    const file = files.at(-1);
    const tail = file === undefined ? undefined : await lastLine(join(this.#dir, file));
    if (file !== undefined && tail !== undefined) {
      const check = checkLine(tail.text, undefined, file, !tail.complete);
      const agrees =
        !('status' in check) &&
        (!head ||
          head.seq < check.head.seq ||
          (head.seq === check.head.seq && head.hash === check.head.hash));
      if (agrees) return check.head;
    } else if (files.length === 0 && !head) {
      return undefined;
    }
    const scan = await this.#scan();
    if (!scan.damaged) return scan.last;
    return (await this.#repair(scan, lock)).head;
  }

  /**
   * Sets the damaged part aside (from the first bad line on) and starts the chain again, after
   * the last record that verified, with a record of it.
   */
  async #repair(
    scan: TrailScan,
    lock: HeldLock,
  ): Promise<{ record: AuditRecord; head: ChainHead; movedAside: string[] }> {
    const names = scan.damaged?.files ?? [];
    await lock.confirm();
    const movedAside = await moveAside(this.#dir, names, this.#now(), scan.damaged?.goodLines ?? 0);
    const record = await this.#write(
      {
        type: 'chainStarted',
        time: this.#now().toISOString(),
        verdict: scan.verdict,
        movedAside,
      },
      scan.damaged?.lastGood,
      lock,
    );
    return { record, head: { seq: record.seq, hash: record.hash }, movedAside };
  }

  /** Seals `record` after `head`, rotates when it would not fit, appends it, moves the head. */
  async #write(
    record: UnsealedRecord,
    head: ChainHead | undefined,
    lock: HeldLock,
  ): Promise<AuditRecord> {
    let sealed = seal(record, head);
    let line = JSON.stringify(sealed) + '\n';
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
      sealed = seal({ ...record, input: { omitted: 'too large to record' } }, head);
      line = JSON.stringify(sealed) + '\n';
    }
    // Checked before it is written: a record the next read would refuse is never appended.
    const parsed = AuditRecordSchema.parse(sealed);
    const current = join(this.#dir, CURRENT_FILE);
    const size = await sizeOf(current);
    if (size > 0 && size + Buffer.byteLength(line) > this.#maxFileBytes) {
      await lock.confirm();
      await this.#rotate(head);
    }
    // One write per record, flushed: a crash cuts at most this line, which the next read finds.
    await lock.confirm();
    await appendFlushed(current, line);
    await this.#writeHead({ seq: parsed.seq, hash: parsed.hash });
    return parsed;
  }

  /**
   * Renames the current file after its first record's seq (the seq `head` ends at when that
   * line cannot be read); the oldest files beyond the limit go. A rename never replaces a file.
   */
  async #rotate(head: ChainHead | undefined): Promise<void> {
    const current = join(this.#dir, CURRENT_FILE);
    let seq = head?.seq ?? 0;
    try {
      const first = JSON.parse((await firstLine(current)) ?? '{}') as { seq?: unknown };
      if (typeof first.seq === 'number') seq = first.seq;
    } catch {
      // An unreadable first line is the next full read's finding; rotating goes on.
    }
    while ((await sizeOf(join(this.#dir, rotatedName(seq)))) > 0) seq += 1;
    await rename(current, join(this.#dir, rotatedName(seq)));
    await pruneRotated(this.#dir, this.#keepFiles);
  }

  async #readHead(): Promise<ChainHead | undefined> {
    try {
      const data = JSON.parse(await readFile(join(this.#dir, HEAD_FILE), 'utf8')) as ChainHead;
      return typeof data.seq === 'number' && typeof data.hash === 'string' ? data : undefined;
    } catch {
      return undefined; // none yet, or unreadable: the chain alone is checked
    }
  }

  async #writeHead(head: ChainHead): Promise<void> {
    // Not flushed: after a power cut the head may lag behind the trail, which reads as whole.
    await writeFileAtomic(join(this.#dir, HEAD_FILE), JSON.stringify(head), {
      fsync: false,
      mode: PRIVATE_FILE_MODE,
    });
  }
}
