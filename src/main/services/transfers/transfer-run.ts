import type {
  PausedReason,
  TransferRecord,
  TransferRetrying,
  TransferState,
} from '../../../shared/model/transfer';
import type { Timers } from '../time/timers';
import type { TransferJournal } from './journal-schema';
import { partRange } from './part-plan';
import { ProgressMeter, Throttle } from './progress-meter';

/** Why a run's signal fired: the user (or the app) paused or cancelled it. */
export class StopRequest extends Error {
  constructor(
    readonly kind: 'pause' | 'cancel',
    readonly pausedReason: PausedReason = 'user',
  ) {
    super(kind === 'pause' ? 'The transfer was paused.' : 'The transfer was cancelled.');
    this.name = 'StopRequest';
  }
}

/** States in which bytes move, so throughput and ETA mean something. */
const MOVING: readonly TransferState[] = ['verifying', 'uploading', 'downloading'];

function bytesOf(journal: TransferJournal): { done: number; total: number } {
  if (journal.kind !== 'import') {
    return {
      done: journal.files.reduce((sum, file) => sum + file.bytesWritten, 0),
      total: journal.files.reduce((sum, file) => sum + (file.totalBytes ?? 0), 0),
    };
  }
  const total = journal.source.size;
  if (journal.phase !== 'uploading') return { done: total, total };
  const done = Object.keys(journal.parts).reduce(
    (sum, part) => sum + partRange(total, journal.partSize, Number(part)).length,
    0,
  );
  return { done: journal.mode === 'single' ? 0 : done, total };
}

/** The record the UI sees for a journal just read from disk (or just written). */
function recordOf(journal: TransferJournal, state: TransferState): TransferRecord {
  const { done, total } = bytesOf(journal);
  const record: TransferRecord = {
    id: journal.id,
    kind: journal.kind,
    profileId: journal.profileId,
    instanceName: journal.instanceName,
    databaseName: journal.databaseName,
    fileType: journal.fileType,
    state,
    bytesDone: done,
    totalBytes: total,
    createdAt: journal.createdAt,
    updatedAt: journal.updatedAt,
  };
  if (journal.kind === 'import') {
    record.sourcePath = journal.sourcePath;
    if (journal.clone) record.readsClone = true;
    record.mode = journal.mode;
    record.parts = {
      total: journal.partCount,
      done: Object.keys(journal.parts).length,
      inFlight: 0,
      partSize: journal.partSize,
      ...(journal.resentParts ? { resent: journal.resentParts } : {}),
    };
  } else {
    record.destinationFolder = journal.destinationFolder;
    if (journal.kind === 'archive') record.archiveId = journal.archiveId;
  }
  if (journal.jobId !== undefined) record.jobId = journal.jobId;
  if (journal.pausedReason !== undefined && state === 'paused') {
    record.pausedReason = journal.pausedReason;
  }
  if (journal.error !== undefined) record.error = { ...journal.error };
  return record;
}

/** Options of {@link TransferRun}. */
export interface TransferRunOptions {
  journal: TransferJournal;
  state: TransferState;
  /** True for a transfer read from a journal at start-up. */
  fromDisk: boolean;
  now: () => number;
  timers: Timers;
  /** Shortest interval between two progress events (250 ms: at most 4 a second). */
  intervalMs: number;
  emit: (record: TransferRecord) => void;
}

/**
 * One transfer in memory: its journal, the record the UI sees, the abort controller of the
 * run in progress, and the throttled progress events (state changes go out at once, progress
 * at most every `intervalMs`).
 */
export class TransferRun {
  readonly journal: TransferJournal;
  readonly fromDisk: boolean;
  record: TransferRecord;
  controller: AbortController | undefined;
  running: Promise<void> | undefined;
  /** How many runs were started in this process. */
  runs = 0;
  readonly #now: () => number;
  readonly #meter: ProgressMeter;
  readonly #throttle: Throttle;
  readonly #emit: (record: TransferRecord) => void;

  constructor(options: TransferRunOptions) {
    this.journal = options.journal;
    this.fromDisk = options.fromDisk;
    this.#now = options.now;
    this.#emit = options.emit;
    this.record = recordOf(options.journal, options.state);
    this.#meter = new ProgressMeter({ now: options.now });
    this.#throttle = new Throttle({
      intervalMs: options.intervalMs,
      now: options.now,
      timers: options.timers,
      run: () => this.#emit(this.snapshot()),
    });
  }

  /** A copy of the record with the current throughput and ETA. */
  snapshot(): TransferRecord {
    const record: TransferRecord = { ...this.record };
    if (record.parts) {
      record.parts = { ...record.parts };
      // The active parts' byte counts change in place (ActivePartsTracker): copy them.
      if (record.parts.active) record.parts.active = record.parts.active.map((p) => ({ ...p }));
    }
    if (record.files) record.files = [...record.files];
    if (MOVING.includes(record.state)) {
      Object.assign(record, this.#meter.figures(record.bytesDone, record.totalBytes));
    }
    return record;
  }

  /**
   * Moves to `state` and tells the listeners at once; the same state again (a runner
   * confirming where it is) waits for the next throttled event like any progress.
   */
  setState(state: TransferState, extra: Partial<TransferRecord> = {}): void {
    const previous = this.record.state;
    const changed = previous !== state || Object.keys(extra).length > 0;
    this.record = { ...this.record, ...extra, state, updatedAt: this.#isoNow() };
    if (state !== 'paused') delete this.record.pausedReason;
    if (!['failed', 'paused'].includes(state)) delete this.record.error;
    if (previous !== state) delete this.record.retrying;
    if (!changed) {
      this.#throttle.request();
      return;
    }
    if (MOVING.includes(state)) this.#meter.reset();
    this.#throttle.flush();
  }

  /** Absolute progress, shown with the next throttled event. */
  setBytes(bytesDone: number, totalBytes?: number): void {
    this.record.bytesDone = Math.max(0, bytesDone);
    if (totalBytes !== undefined) this.record.totalBytes = totalBytes;
    this.#meter.update(this.record.bytesDone);
    this.#touch();
  }

  /** Relative progress. */
  addBytes(delta: number): void {
    this.setBytes(this.record.bytesDone + delta);
  }

  /**
   * Other fields, shown with the next throttled event; an `undefined` field is removed. Whether
   * the upload reads a clone is told at once, like a change of state: it is said once per run,
   * and a run shorter than a progress tick would otherwise never show it while it uploads.
   */
  patch(fields: { [K in keyof TransferRecord]?: TransferRecord[K] | undefined }): void {
    const record = this.record as Record<string, unknown>;
    const atOnce = 'readsClone' in fields && fields.readsClone !== this.record.readsClone;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete record[key];
      else record[key] = value;
    }
    this.#touch();
    if (atOnce) this.#throttle.flush();
  }

  /**
   * A step is tried again: its notice shows until it succeeds (`notice` undefined for that
   * step) or the state changes. Another step's success leaves the notice.
   */
  noteRetrying(step: string, notice: TransferRetrying | undefined): void {
    if (notice) {
      // Told at once, like a change of state: a retry after a short wait would otherwise be
      // over before the next throttled event.
      this.record.retrying = notice;
      this.record.updatedAt = this.#isoNow();
      this.#throttle.flush();
      return;
    }
    if (this.record.retrying?.step !== step) return;
    delete this.record.retrying;
    this.#touch();
  }

  /** Drops a pending progress event (the transfer is forgotten). */
  dispose(): void {
    this.#throttle.cancel();
  }

  #touch(): void {
    this.record.updatedAt = this.#isoNow();
    this.#throttle.request();
  }

  #isoNow(): string {
    return new Date(this.#now()).toISOString();
  }
}
