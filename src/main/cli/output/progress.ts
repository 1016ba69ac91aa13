import { formatDuration } from '../../../shared/format/durations';
import { formatSize, formatSpeed } from '../../../shared/format/units';
import type { TrackedJob } from '../../../shared/model/job-event';
import type { TransferRecord } from '../../../shared/model/transfer';
import { retryText } from '../../../shared/format/retry-text';

/*
 * Progress of a transfer or a job at a terminal: one line redrawn in place on a TTY, one JSON
 * line per tick for scripts (--json), and a plain line now and then when the output is a file
 * or a pipe. Every line passes through the CLI's redaction (no pre-signed URL, no secret):
 * the records carry none, the redaction is there for what a message may quote.
 */

/** How progress is shown. */
export type ProgressMode = 'tty' | 'json' | 'plain';

/** Options of {@link ProgressReporter}. */
export interface ProgressReporterOptions {
  readonly mode: ProgressMode;
  /** Where the lines go (stderr for `tty` and `plain`, stdout for `json`). */
  readonly write: (text: string) => void;
  readonly redact: (text: string) => string;
  readonly now?: () => number;
  /** Shortest interval between two redraws on a TTY (default 250 ms). */
  readonly ttyIntervalMs?: number;
  /** Shortest interval between two plain lines of the same state (default 5 s). */
  readonly plainIntervalMs?: number;
}

/** Shows progress lines in the chosen mode. */
export class ProgressReporter {
  readonly #options: ProgressReporterOptions;
  readonly #now: () => number;
  #lastAt = Number.NEGATIVE_INFINITY;
  #lastKey: string | undefined;
  #pending: string | undefined;
  #drawn = false;

  constructor(options: ProgressReporterOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** A transfer record changed. */
  transfer(record: TransferRecord): void {
    // A retry is a change of its own: a plain line says each one as it happens.
    const key = record.retrying ? `${record.state} retry ${record.retrying.attempt}` : record.state;
    const line = transferLine(record, this.#now());
    this.#show(key, line, { event: 'progress', ...transferJson(record) });
  }

  /** A followed job changed. */
  job(job: TrackedJob): void {
    this.#show(job.status, jobLine(job), { event: 'job', ...jobJson(job) });
  }

  /** Ends the line being redrawn (before a result or an error is printed). */
  finish(): void {
    if (this.#pending !== undefined) this.#draw(this.#pending);
    this.#pending = undefined;
    if (this.#drawn) this.#options.write('\n');
    this.#drawn = false;
  }

  #show(key: string, line: string, json: Record<string, unknown>): void {
    const { mode } = this.#options;
    const now = this.#now();
    if (mode === 'json') {
      this.#options.write(this.#options.redact(JSON.stringify(json)) + '\n');
      return;
    }
    const interval =
      mode === 'tty'
        ? (this.#options.ttyIntervalMs ?? 250)
        : (this.#options.plainIntervalMs ?? 5000);
    const changed = key !== this.#lastKey;
    this.#lastKey = key;
    // A TTY is redrawn at most every interval, whatever changed; a plain line goes out on a
    // change of state and otherwise once per interval.
    const due = now - this.#lastAt >= interval || (mode === 'plain' && changed);
    if (!due) {
      this.#pending = line;
      return;
    }
    this.#lastAt = now;
    this.#pending = undefined;
    this.#draw(line);
  }

  #draw(line: string): void {
    const text = this.#options.redact(line);
    if (this.#options.mode === 'tty') {
      // Back to the start of the line, the new text, and erase what an older, longer one left.
      this.#options.write(`\r${text}\x1b[K`);
      this.#drawn = true;
    } else this.#options.write(text + '\n');
  }
}

/** States in which a transfer reads its file. */
const MOVING: ReadonlySet<string> = new Set(['verifying', 'uploading']);

/** The progress line of a transfer: state, bytes, throughput, ETA, parts, job, a retry. */
export function transferLine(record: TransferRecord, now = Date.now()): string {
  const items = [record.state.padEnd(11)];
  if (record.totalBytes > 0) {
    const percent = Math.floor((record.bytesDone / record.totalBytes) * 100);
    items.push(`${formatSize(record.bytesDone)} / ${formatSize(record.totalBytes)} (${percent}%)`);
  }
  if (record.throughputBps !== undefined && record.throughputBps > 0) {
    items.push(formatSpeed(record.throughputBps));
  }
  if (record.etaSeconds !== undefined) {
    items.push(`ETA ${formatDuration(record.etaSeconds * 1000)}`);
  }
  const parts = record.parts;
  if (parts && record.mode === 'multipart') {
    const inFlight = parts.inFlight > 0 ? `, ${parts.inFlight} in flight` : '';
    const resent = parts.resent ? `, ${parts.resent} sent again` : '';
    items.push(`parts ${parts.done}/${parts.total}${inFlight}${resent}`);
  }
  if (record.readsClone && MOVING.has(record.state)) items.push('reading a snapshot (clone)');
  if (record.jobId !== undefined) {
    items.push(`job ${record.jobId}${record.jobStatus ? `: ${record.jobStatus}` : ''}`);
  }
  if (record.pausedReason !== undefined) items.push(`(${record.pausedReason})`);
  if (record.retrying !== undefined) items.push(`(${retryText(record.retrying, now)})`);
  return items.join('  ').trimEnd();
}

/** The progress line of a job: id, what it is, status and progress. */
function jobLine(job: TrackedJob): string {
  const what = [job.type, job.resourceName].filter(Boolean).join(' ');
  const progress = typeof job.progress === 'number' ? ` ${job.progress}%` : '';
  return `job ${job.jobId}${what ? ` (${what})` : ''}: ${job.status}${progress}`;
}

/** What names a transfer in every JSON line of the CLI (progress and result). */
export function transferIdentityJson(record: TransferRecord): Record<string, unknown> {
  return {
    transferId: record.id,
    kind: record.kind,
    state: record.state,
    instanceName: record.instanceName,
    databaseName: record.databaseName,
  };
}

/** A transfer record as a JSON progress object: no part list, nothing pre-signed. */
function transferJson(record: TransferRecord): Record<string, unknown> {
  const { parts } = record;
  return {
    ...transferIdentityJson(record),
    bytesDone: record.bytesDone,
    totalBytes: record.totalBytes,
    ...(record.throughputBps === undefined ? {} : { throughputBps: record.throughputBps }),
    ...(record.etaSeconds === undefined ? {} : { etaSeconds: record.etaSeconds }),
    ...(parts && record.mode === 'multipart'
      ? {
          parts: {
            done: parts.done,
            total: parts.total,
            inFlight: parts.inFlight,
            resent: parts.resent ?? 0,
          },
        }
      : {}),
    ...(record.readsClone ? { readsClone: true } : {}),
    ...(record.jobId === undefined ? {} : { jobId: record.jobId }),
    ...(record.jobStatus === undefined ? {} : { jobStatus: record.jobStatus }),
    ...(record.pausedReason === undefined ? {} : { pausedReason: record.pausedReason }),
    ...(record.retrying === undefined ? {} : { retrying: record.retrying }),
  };
}

/** A job as JSON, without its download URIs: they are pre-signed, a credential until they expire. */
export function jobJson(job: TrackedJob): Record<string, unknown> {
  const { downloadUris: _secret, startedByApp: _ours, profileId: _profile, ...shown } = job;
  return shown;
}
