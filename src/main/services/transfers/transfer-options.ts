import type { Dispatcher } from 'undici';
import { transfersDir } from '../config/app-paths';
import { TRANSFER_RETRY, type RetryPolicy } from '../common/retry-policy';
import { sleep, type Sleep } from '../common/sleep';
import { directRoute, type DirectRoute } from '../http/direct-route';
import type { Logger } from '../log/logger';
import { silentLogger } from '../log/logger';
import { systemTimers, type Timers } from '../time/timers';
import { BandwidthLimiter } from './bandwidth-limiter';
import { withThroughputFloor } from './floor-interceptor';
import { JournalStore } from './journal-store';
import type { PartPlanOptions } from './part-plan';
import { withReadDeadline } from './presigned-http';
import { DEFAULT_THROUGHPUT_FLOOR, type ThroughputFloor } from './throughput-floor';
import type { PartEvent, TransferEngineSettings } from './transfer-context';
import {
  systemCloner,
  systemDisk,
  type SourceCloner,
  type SourceFs,
  type TransferDisk,
} from './transfer-disk';
import type { JobFollower, TransferConnections } from './transfer-ports';

/** Options of {@link TransferService}. */
export interface TransferServiceOptions {
  /** The app's data folder; journals go to `<dataDir>/transfers/<id>.json`. */
  dataDir: string;
  connections: TransferConnections;
  jobWatcher: JobFollower;
  /** Dispatcher for pre-signed URLs: a plain one, never one that adds the service's Authorization. */
  dispatcher: Dispatcher;
  /**
   * How downloads reach pre-signed hosts on sockets of their own (the fast path; undici takes
   * what it cannot): the app passes the route of its proxy setting. Default: the environment's
   * proxy and CAs; false sends every download through `dispatcher`.
   */
  directRoute?: DirectRoute | false;
  /**
   * Time allowed without a byte on a connection to a pre-signed host, on every path (direct,
   * through undici, through a proxy, each connection of a ranged download, each part): then
   * the connection is dropped and the step retried. Default: the direct route's body timeout
   * (60 s).
   */
  readTimeoutMs?: number;
  /**
   * The least a request to a pre-signed host must move: one that moved fewer bytes than
   * `minBytesPerSecond` asks over the last `windowMs` of the time it waited on the host (the
   * time our bandwidth limit, disk or reader held it left out) is ended and retried like a
   * broken connection. Default {@link DEFAULT_THROUGHPUT_FLOOR} (1 KiB/s over 60 s), for what
   * is not given; a rate of 0 turns it off. A function is read as each request starts.
   */
  throughputFloor?: Partial<ThroughputFloor> | (() => ThroughputFloor);
  /** Where journals and downloads are written (default the machine's disks; tests: a full one). */
  disk?: TransferDisk;
  /** How an import's source is read when it is planned (default Node's; tests count). */
  sourceFs?: SourceFs;
  /**
   * Whether an upload reads a copy-on-write clone of its source, made beside it when the
   * upload starts, where the file system can clone (default true); a function is read as each
   * run starts.
   */
  cloneSources?: boolean | (() => boolean);
  /** How those clones are made and removed (default: Node's copyFile with FICLONE_FORCE). */
  cloner?: SourceCloner;
  /** Parts sent at once per transfer (default 4); a function reads the setting at each run. */
  partsInFlight?: number | (() => number);
  /**
   * Connections one large download uses at once, each fetching its own byte ranges (default
   * 4; 1: one stream); a function reads the setting at each run.
   */
  rangesInFlight?: number | (() => number);
  /** Bytes of each range of a download over several connections (default 64 MiB). */
  downloadSegmentBytes?: number;
  /**
   * Transfers moving bytes at once, across the app (default: no limit); a function reads the
   * setting whenever a slot may be free. The others wait in the queue, in order.
   */
  transfersAtOnce?: () => number;
  /**
   * Bytes per second shared by every upload and download of the service; 0 means no limit
   * (the default). A function is read every few tens of ms: a changed setting applies at once.
   */
  bandwidthLimitBytesPerSecond?: number | (() => number);
  /** Part size and single-stream threshold (defaults: 64 MiB, 5 MiB minimum, 100 MiB). */
  partPlan?: PartPlanOptions;
  /** Default: {@link TRANSFER_RETRY}. */
  retry?: Partial<RetryPolicy>;
  logger?: Logger;
  now?: () => number;
  timers?: Timers;
  sleep?: Sleep;
  random?: () => number;
  idFactory?: () => string;
  /** Shortest interval between two progress events of a transfer (default 250 ms). */
  progressIntervalMs?: number;
  /** Wait before a transfer paused for the network tries again by itself (default 60 s). */
  networkRetryMs?: number;
  /** Sees every part start, progress and finish (tests and benches). */
  onPartEvent?: (transferId: string, event: PartEvent) => void;
}

/** The runners' settings from the service's options, with their defaults. */
export function engineSettings(options: TransferServiceOptions): TransferEngineSettings {
  const route = routeOf(options);
  const readTimeoutMs = options.readTimeoutMs ?? route?.bodyTimeoutMs ?? 60_000;
  const floor = floorOf(options.throughputFloor);
  return {
    dispatcher: withThroughputFloor(withReadDeadline(options.dispatcher, readTimeoutMs), { floor }),
    ...(route ? { route } : {}),
    floor,
    partsInFlight: () => countSetting(options.partsInFlight, 4),
    rangesInFlight: () => countSetting(options.rangesInFlight, 4),
    ...(options.downloadSegmentBytes ? { downloadSegmentBytes: options.downloadSegmentBytes } : {}),
    retry: { ...TRANSFER_RETRY, ...options.retry },
    bandwidth: bandwidthLimiter(options),
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    logger: options.logger ?? silentLogger,
    jobs: options.jobWatcher,
    disk: options.disk ?? systemDisk,
    cloneSources: flagSetting(options.cloneSources, true),
    cloner: options.cloner ?? systemCloner,
    ...(options.onPartEvent ? { onPartEvent: options.onPartEvent } : {}),
  };
}

/** The journals of the service: `<dataDir>/transfers`, written on the service's disk. */
export function journalStoreOf(options: TransferServiceOptions): JournalStore {
  return new JournalStore({ dir: transfersDir(options.dataDir), disk: options.disk });
}

/** The direct route of downloads, with the engine's read deadline when one is given. */
function routeOf(options: TransferServiceOptions): DirectRoute | undefined {
  if (options.directRoute === false) return undefined;
  const route = options.directRoute ?? directRoute();
  const idleMs = options.readTimeoutMs;
  return idleMs === undefined ? route : { ...route, bodyTimeoutMs: idleMs };
}

/** A count the user sets (at least 1), read now from its option or its function. */
function countSetting(wanted: number | (() => number) | undefined, fallback: number): number {
  const value = typeof wanted === 'function' ? wanted() : (wanted ?? fallback);
  return Math.max(1, Math.floor(value));
}

/** A switch the user sets, as a function read when it is needed. */
function flagSetting(
  wanted: boolean | (() => boolean) | undefined,
  fallback: boolean,
): () => boolean {
  return typeof wanted === 'function' ? wanted : () => wanted ?? fallback;
}

/** The floor option as a function read at each request (default 1 KiB/s over 60 s). */
function floorOf(wanted: TransferServiceOptions['throughputFloor']): () => ThroughputFloor {
  if (typeof wanted === 'function') return wanted;
  const floor = { ...DEFAULT_THROUGHPUT_FLOOR, ...wanted };
  return () => floor;
}

/** The one limiter of a service, reading the limit option every few tens of milliseconds. */
function bandwidthLimiter(options: TransferServiceOptions): BandwidthLimiter {
  const limit = options.bandwidthLimitBytesPerSecond;
  return new BandwidthLimiter({
    bytesPerSecond: typeof limit === 'function' ? limit : () => limit ?? 0,
    timers: options.timers ?? systemTimers,
    ...(options.now ? { now: options.now } : {}),
  });
}
