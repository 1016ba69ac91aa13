import type { FileHandle } from 'node:fs/promises';
import { createDispatcher, networkOf } from '../../src/main/services/http/dispatcher';
import { directRoute, type DirectRouteOptions } from '../../src/main/services/http/direct-route';
import type { ExportFile } from '../../src/main/services/transfers/journal-schema';
import { rangeDownloaderOf } from '../../src/main/services/transfers/download/file-downloads';
import { systemDisk, type TransferDisk } from '../../src/main/services/transfers/transfer-disk';
import { engineSettings } from '../../src/main/services/transfers/transfer-options';
import type {
  JobFollower,
  TransferConnections,
} from '../../src/main/services/transfers/transfer-ports';
import { abortReason, type Sleep } from '../../src/main/services/common/sleep';

/*
 * The download engine as the app assembles it, for tests against hosts of their own: the
 * network options read once (proxy choice, CA list, timeouts) give both the undici dispatcher
 * and the direct route, the transfer service's settings add the read deadline, and the range
 * downloader is built from those settings as a download run builds it. Every write into a
 * `.part` file is recorded, so a test can tell that no byte landed at the wrong offset.
 */

/** Which HTTP stack carries the downloads: the app's default (direct GETs, undici behind), or undici alone. */
type DownloadStack = 'direct' | 'undici';

/** Options of {@link downloadStack}. */
export interface DownloadStackOptions {
  stack: DownloadStack;
  /** The app's network options (default: no proxy, no environment, Node's CAs only). */
  network?: DirectRouteOptions;
  /** The transfer service's read deadline (default: the network's body timeout). */
  readTimeoutMs?: number;
  /** Attempts of a download (default 4); retries do not wait. */
  maxAttempts?: number;
  /** Connections of a download in ranges (default 1: one stream). */
  rangesInFlight?: number;
  segmentBytes?: number;
}

/** One write into a `.part` file: where, and the bytes. */
export interface PartWriteRecord {
  position: number;
  bytes: Buffer;
}

/** A downloader of one stack, and what it wrote. */
export interface DownloadStackHandle {
  readonly writes: PartWriteRecord[];
  /** Downloads `url` into `state.dest`; `checkpoint` stands for the journal's save. */
  download(
    url: string,
    state: ExportFile,
    options?: { checkpoint?: () => Promise<void> },
  ): Promise<string>;
  close(): Promise<void>;
}

/** Waits for nothing: the ramp-up and the retry backoff run at once. */
const noWait: Sleep = (_ms, signal) =>
  signal?.aborted ? Promise.reject(abortReason(signal)) : Promise.resolve();

/** The service's ports a download never calls. */
const unused = (): never => {
  throw new Error('A download does not reach the service.');
};
const noConnections: TransferConnections = {
  get: unused,
  state: unused,
  onDidChangeState: () => () => undefined,
};
const noJobs: JobFollower = { track: unused, waitFor: unused, onDidChange: () => () => undefined };

/** A FileHandle whose `write` and `writev` are recorded in `writes`. */
function recordedHandle(handle: FileHandle, writes: PartWriteRecord[]): FileHandle {
  return new Proxy(handle, {
    get(target, key) {
      if (key === 'writev') {
        return (chunks: Buffer[], position: number) => {
          writes.push({ position, bytes: Buffer.concat(chunks) });
          return target.writev(chunks, position);
        };
      }
      if (key === 'write') {
        return (buffer: Buffer, offset: number, length: number, position: number) => {
          writes.push({ position, bytes: Buffer.from(buffer.subarray(offset, offset + length)) });
          return target.write(buffer, offset, length, position);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** The machine's disk, recording the writes of `.part` files. */
function recordingDisk(writes: PartWriteRecord[]): TransferDisk {
  return {
    ...systemDisk,
    open: async (path, flags) => {
      const handle = await systemDisk.open(path, flags);
      return path.endsWith('.part') ? recordedHandle(handle, writes) : handle;
    },
  };
}

/** Builds the download engine of `options.stack` as the app wires it. */
export function downloadStack(options: DownloadStackOptions): DownloadStackHandle {
  const given = options.network ?? { env: {}, useSystemCa: false };
  // As the app does: the CAs assembled once, for the dispatcher and the direct route alike.
  const { ca } = networkOf(given);
  const network = { ...given, ...(ca ? { ca } : {}) };
  const dispatcher = createDispatcher(network);
  const writes: PartWriteRecord[] = [];
  const settings = engineSettings({
    dataDir: '',
    connections: noConnections,
    jobWatcher: noJobs,
    dispatcher,
    directRoute: options.stack === 'direct' ? directRoute(network) : false,
    ...(options.readTimeoutMs === undefined ? {} : { readTimeoutMs: options.readTimeoutMs }),
    retry: { maxAttempts: options.maxAttempts ?? 4, baseDelayMs: 1, maxDelayMs: 1 },
    sleep: noWait,
    random: () => 0,
    rangesInFlight: options.rangesInFlight ?? 1,
    ...(options.segmentBytes ? { downloadSegmentBytes: options.segmentBytes } : {}),
    disk: recordingDisk(writes),
  });
  // The downloader a download run builds, from the same settings.
  const downloader = rangeDownloaderOf(settings);
  return {
    writes,
    download: (url, state, extra = {}) =>
      downloader.download({
        url,
        state,
        signal: new AbortController().signal,
        refreshUrl: () => Promise.resolve(url),
        ...(extra.checkpoint ? { checkpoint: extra.checkpoint } : {}),
      }),
    close: () => dispatcher.close(),
  };
}

/** The first recorded write whose bytes are not `content`'s at its offset, if any. */
export function misplacedWrite(
  writes: readonly PartWriteRecord[],
  content: Buffer,
): { position: number; length: number } | undefined {
  const bad = writes.find(
    (write) =>
      !write.bytes.equals(content.subarray(write.position, write.position + write.bytes.length)),
  );
  return bad ? { position: bad.position, length: bad.bytes.length } : undefined;
}
