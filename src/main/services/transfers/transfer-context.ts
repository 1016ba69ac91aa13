import type { Dispatcher } from 'undici';
import type {
  TransferRecord,
  TransferRetrying,
  TransferState,
} from '../../../shared/model/transfer';
import type { RetryPolicy } from '../common/retry-policy';
import type { DirectRoute } from '../http/direct-route';
import type { Sleep } from '../common/sleep';
import type { Logger } from '../log/logger';
import type { BandwidthLimiter } from './bandwidth-limiter';
import type { TransferJournal } from './journal-schema';
import type { SaveOptions } from './journal-store';
import type { RetryContext } from './step-retry';
import type { ThroughputFloor } from './throughput-floor';
import type { SourceCloner, TransferDisk } from './transfer-disk';
import type { JobFollower, ServiceCaller } from './transfer-ports';

/** Per-part state, for a hook that wants to see every part (tests, benches). */
export type PartEvent =
  | { kind: 'start'; partNumber: number; length: number }
  | { kind: 'progress'; partNumber: number; deltaBytes: number }
  | { kind: 'done'; partNumber: number; etag: string; bytesSent: number }
  | { kind: 'failed'; partNumber: number };

/** Shared, per-service settings of the runners. */
export interface TransferEngineSettings {
  /** Plain dispatcher for pre-signed URLs: never one that adds the service's Authorization. */
  dispatcher: Dispatcher;
  /** Direct GETs of downloads (see RangeDownloaderOptions.route); undefined: undici only. */
  route?: DirectRoute;
  /**
   * The throughput floor, read as each request starts: the direct GETs keep to it themselves;
   * `dispatcher` already holds undici's requests to it.
   */
  floor: () => ThroughputFloor;
  /** Parts sent at once, read when a run starts sending (a setting the user may change). */
  partsInFlight: () => number;
  /** Connections of one large download, read when a download starts (a setting). */
  rangesInFlight: () => number;
  /** Bytes of each range of such a download (default: the downloader's). */
  downloadSegmentBytes?: number;
  retry: RetryPolicy;
  /** The bandwidth limit shared by every transfer of the service (bytes on the wire). */
  bandwidth: BandwidthLimiter;
  sleep: Sleep;
  random: () => number;
  /** The clock of retry notices and of a step's time limit. */
  now: () => number;
  logger: Logger;
  jobs: JobFollower;
  /** Where journals and downloads are written (tests: a disk that fills up). */
  disk: TransferDisk;
  /** Whether an upload reads a clone of its source where one can be made (a setting). */
  cloneSources: () => boolean;
  /** How those clones are made and removed. */
  cloner: SourceCloner;
  onPartEvent?: (transferId: string, event: PartEvent) => void;
}

/**
 * What a runner (import or export) gets for one run of one transfer: its journal (which it
 * mutates and saves), the signal that pause and cancel fire, the service client of the
 * profile, and the ways to report progress to the record the UI sees.
 */
export interface TransferContext<J extends TransferJournal> {
  readonly journal: J;
  readonly signal: AbortSignal;
  readonly client: ServiceCaller;
  readonly settings: TransferEngineSettings;
  /**
   * False when an earlier run of this transfer (before a pause, a crash or a restart) may have
   * sent a request whose answer was never journaled.
   */
  readonly firstRun: boolean;
  /**
   * Writes the journal atomically; resolves once it is written. `frequent` saves (after each
   * part, every few MiB of a download) are flushed to the disk at most every few seconds.
   */
  save(options?: SaveOptions): Promise<void>;
  /** Moves the record to `state` and shows it at once. */
  setState(state: TransferState): void;
  /** Absolute progress: bytes done (and total, when it becomes known). */
  setBytes(bytesDone: number, totalBytes?: number): void;
  /** Relative progress: bytes sent or received (negative when an attempt is taken back). */
  addBytes(deltaBytes: number): void;
  /** Other record fields (parts, job, files); shown with the next progress event. */
  patch(
    fields: Partial<Pick<TransferRecord, 'parts' | 'jobId' | 'jobStatus' | 'files' | 'readsClone'>>,
  ): void;
  /** A step is being tried again (`notice`), or succeeded after it was (undefined). */
  retrying(step: string, notice: TransferRetrying | undefined): void;
  /** The retry settings for a step of this run (bound to its signal). */
  retryContext(what: string): RetryContext;
}
