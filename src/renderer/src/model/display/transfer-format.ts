import { fileNameOf } from '@shared/file-name';
import {
  isFinalTransferState,
  type TransferKind,
  type TransferRecord,
  type TransferState,
} from '@shared/model/transfer';
import { formatDuration, formatDurationBetween, instantOf } from '@shared/format/durations';
import { formatSize, formatSpeed } from '@shared/format/units';
import type { TagType } from './status-tags';
import type { ActivityFilter } from './job-format';

const STATE_LABELS: Readonly<Record<TransferState, string>> = {
  queued: 'Queued',
  verifying: 'Checking the parts sent before',
  uploading: 'Uploading',
  completing: 'Completing the upload',
  importing: 'Importing',
  exporting: 'Exporting',
  downloading: 'Downloading',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const PAUSE_REASONS: Readonly<Record<string, string>> = {
  user: 'paused by you',
  'auth-expired': 'paused: sign in again to go on',
  network: 'paused: the network is unreachable',
  'app-quit': 'paused when the app closed',
  'disk-full': 'paused: the disk is full',
};

/** The bytes line of a transfer's card: done of total, and while moving the rate, ETA, parts. */
export function transferDetails(record: TransferRecord, moving: boolean): string {
  const parts = record.parts;
  const bits = [`${formatSize(record.bytesDone)} of ${formatSize(record.totalBytes)}`];
  if (moving && record.throughputBps !== undefined) bits.push(formatSpeed(record.throughputBps));
  if (moving && record.etaSeconds !== undefined) {
    bits.push(`ETA ${formatDuration(record.etaSeconds * 1000)}`);
  }
  if (parts && parts.total > 1) {
    const flight = parts.inFlight > 0 ? ` (${parts.inFlight} in flight)` : '';
    bits.push(`parts ${parts.done}/${parts.total}${flight} of ${formatSize(parts.partSize)}`);
  }
  if (moving && record.readsClone) bits.push('reading a snapshot (clone) of the file');
  return bits.join(' · ');
}

/** The facts of a finished transfer: its size, how long it took, its average speed, its check. */
export interface TransferSummary {
  /** `150 MiB`. */
  readonly size: string;
  /** `4 s`: from its start to its end, as the card's duration says. */
  readonly duration: string;
  /** What follows the duration: ` · 37.5 MiB/s · MD5 verified` (the speed when it took time). */
  readonly tail: string;
}

/**
 * What a transfer that ended well says about itself (`150 MiB in 4 s · 37.5 MiB/s · MD5
 * verified`); undefined while it runs, when it failed or was cancelled, or when its size is
 * not known. The speed is its size over its duration, queue and job included.
 */
export function transferSummary(record: TransferRecord): TransferSummary | undefined {
  if (record.state !== 'done' || !(record.totalBytes > 0)) return undefined;
  const ms = instantOf(record.updatedAt) - instantOf(record.createdAt);
  const tail = [
    ...(ms > 0 ? [formatSpeed((record.totalBytes * 1000) / ms)] : []),
    ...(record.md5Verified ? ['MD5 verified'] : []),
  ];
  return {
    size: formatSize(record.totalBytes),
    duration: formatDurationBetween(record.createdAt, record.updatedAt, 0),
    tail: tail.map((bit) => ` · ${bit}`).join(''),
  };
}

/** {@link transferSummary} as one line of text. */
export function transferSummaryText(summary: TransferSummary): string {
  return `${summary.size} in ${summary.duration}${summary.tail}`;
}

/** What a transfer is doing, for its card. */
export function transferStateLabel(record: TransferRecord): string {
  if (record.state === 'paused') {
    const reason = PAUSE_REASONS[record.pausedReason ?? 'user'] ?? 'paused';
    return reason.charAt(0).toUpperCase() + reason.slice(1);
  }
  if (record.state === 'done') return record.kind === 'import' ? 'Database online' : 'Downloaded';
  return STATE_LABELS[record.state];
}

/** The colour of a transfer's state tag. */
export function transferStateType(state: TransferState): TagType {
  if (state === 'done') return 'success';
  if (state === 'failed') return 'error';
  if (state === 'paused' || state === 'cancelled') return 'warning';
  return 'info';
}

/** Which filter group a transfer state falls in. */
export function transferGroup(state: TransferState): Exclude<ActivityFilter, 'all'> {
  if (state === 'failed') return 'failed';
  if (state === 'done' || state === 'cancelled') return 'finished';
  return 'running';
}

/** The stages of an import from the drop to "database online", of an export, of an archive. */
const IMPORT_STAGES = ['Upload', 'Complete', 'Import job', 'Online'] as const;
const EXPORT_STAGES = ['Export job', 'Download', 'Done'] as const;
const ARCHIVE_STAGES = ['Download', 'Done'] as const;

/** The stages a transfer of `kind` goes through, for its card. */
export function transferStages(kind: TransferKind): readonly string[] {
  if (kind === 'import') return IMPORT_STAGES;
  return kind === 'export' ? EXPORT_STAGES : ARCHIVE_STAGES;
}

const IMPORT_STAGE_OF: Partial<Record<TransferState, number>> = {
  queued: 0,
  verifying: 0,
  uploading: 0,
  completing: 1,
  importing: 2,
  done: 3,
};
const EXPORT_STAGE_OF: Partial<Record<TransferState, number>> = {
  queued: 0,
  exporting: 0,
  downloading: 1,
  done: 2,
};
const ARCHIVE_STAGE_OF: Partial<Record<TransferState, number>> = {
  queued: 0,
  downloading: 0,
  done: 1,
};
const STAGE_OF: Readonly<Record<TransferKind, Partial<Record<TransferState, number>>>> = {
  import: IMPORT_STAGE_OF,
  export: EXPORT_STAGE_OF,
  archive: ARCHIVE_STAGE_OF,
};

/**
 * The index of the stage a transfer is at. A paused or failed transfer stays at the stage
 * its bytes and job say (no job yet: still moving bytes).
 */
export function transferStage(record: TransferRecord): number {
  const direct = STAGE_OF[record.kind][record.state];
  if (direct !== undefined) return direct;
  if (record.kind === 'import') {
    if (record.jobId) return 2;
    return record.totalBytes > 0 && record.bytesDone >= record.totalBytes ? 1 : 0;
  }
  return record.jobId && record.bytesDone > 0 ? 1 : 0;
}

/** `Import Sales.bak → Sales`, `Export Sales (BAK)`, `Download archive Sales`. */
export function transferTitle(record: TransferRecord): string {
  if (record.kind === 'archive') return `Download archive ${record.databaseName}`;
  if (record.kind === 'import') {
    const file =
      record.sourcePath === undefined
        ? record.fileType.toUpperCase()
        : fileNameOf(record.sourcePath);
    return `Import ${file} → ${record.databaseName}`;
  }
  return `Export ${record.databaseName} (${record.fileType.toUpperCase()})`;
}

/** The actions that change a transfer's course. */
export type TransferControl = 'pause' | 'resume' | 'cancel' | 'retry';

/**
 * Which of pause, resume, cancel and retry apply to a transfer now: the card's buttons and
 * the palette's commands follow the same rules.
 */
export function transferControls(record: TransferRecord): TransferControl[] {
  const isFinal = isFinalTransferState(record.state);
  const controls: TransferControl[] = [];
  if (!isFinal && record.state !== 'paused') controls.push('pause');
  if (record.state === 'paused') controls.push('resume');
  if (record.state === 'failed') controls.push('retry');
  if (!isFinal) controls.push('cancel');
  return controls;
}
