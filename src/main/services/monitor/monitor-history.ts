import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type {
  BlockingMark,
  MonitorInstanceRef,
  MonitorSample,
} from '../../../shared/model/monitor';
import { silentLogger, type Logger } from '../log/logger';
import {
  appendHistory,
  compactHistory,
  markLine,
  readHistory,
  sampleLine,
  type HistoryContent,
  type HistoryWindow,
} from './history-file';
import { addToBuckets, MAX_CHART_POINTS } from './downsample';

/** Options of {@link MonitorHistory}. */
export interface MonitorHistoryOptions {
  /** The folder of the history files (in the app's data folder). */
  readonly dir: string;
  readonly now?: () => number;
  /** Kept in memory, at full resolution (default 1 h). */
  readonly memoryMs?: number;
  /** Kept on disk at most (default 24 h). */
  readonly maxAgeMs?: number;
  /** One instance's file at most (default 4 MiB: more than a day at a 1 s interval). */
  readonly maxBytesPerInstance?: number;
  readonly logger?: Logger;
}

interface Track {
  readonly file: string;
  /** The last `memoryMs` at full resolution. */
  samples: MonitorSample[];
  /** Up to `maxAgeMs` in time buckets (see {@link dayBucketMs}): what longer ranges read. */
  day: MonitorSample[];
  /** Up to `maxAgeMs` (a few a day). */
  marks: BlockingMark[];
  pending: string;
  bytes: number;
  /** When the file was last compacted (epoch ms; 0: not yet in this run). */
  compactedAt: number;
  /** Loaded from disk (the last hour, after a restart) before the first sample. */
  loaded: Promise<void>;
  writing: Promise<void>;
}

const HOUR = 60 * 60_000;

/**
 * How far past the clock a line of the history may be and still be kept. Samples are stamped
 * with this machine's clock, so a line from the future means the clock was ahead when it was
 * written (a wrong clock at boot, a resumed virtual machine) or the file was edited. Such a
 * line is never older than the maximum age, so it would stay forever and sit at the end of
 * every chart. A few minutes leave room for the clock being stepped back a little (a time
 * sync correcting drift) without dropping what was just sampled.
 */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * The monitor's history: per instance, the last hour in memory (what live charts read) and
 * up to a day on disk, bounded in age and size, the oldest dropped first, so a restart keeps
 * the day's history. Writes are batched (`flush`, called by the monitor every few samples)
 * and asynchronous, so the event loop never waits on the disk.
 */
export class MonitorHistory {
  readonly #options: Required<Omit<MonitorHistoryOptions, 'logger'>>;
  readonly #logger: Logger;
  readonly #tracks = new Map<string, Track>();

  constructor(options: MonitorHistoryOptions) {
    this.#options = {
      dir: options.dir,
      now: options.now ?? Date.now,
      memoryMs: options.memoryMs ?? HOUR,
      maxAgeMs: options.maxAgeMs ?? 24 * HOUR,
      maxBytesPerInstance: options.maxBytesPerInstance ?? 4 * 1024 * 1024,
    };
    this.#logger = options.logger ?? silentLogger;
  }

  /** Records a sample. */
  addSample(ref: MonitorInstanceRef, sample: MonitorSample): void {
    const track = this.#track(ref);
    track.samples.push(sample);
    addToBuckets(track.day, sample, this.#dayBucketMs());
    track.pending += sampleLine(sample);
    this.#trimMemory(track);
  }

  /** Records blocking marks (head blockers that passed the threshold). */
  addMarks(ref: MonitorInstanceRef, marks: readonly BlockingMark[]): void {
    const track = this.#track(ref);
    track.marks.push(...marks);
    track.pending += marks.map(markLine).join('');
  }

  /** The samples and marks of the last `rangeMs`, oldest first. */
  async range(ref: MonitorInstanceRef, rangeMs: number): Promise<HistoryContent> {
    const track = this.#track(ref);
    await track.loaded;
    const since = this.#options.now() - rangeMs;
    // Longer than memory: the day's buckets (the disk is read once, when the watch starts).
    const samples = rangeMs <= this.#options.memoryMs ? track.samples : track.day;
    return {
      samples: samples.filter((s) => s.at >= since),
      marks: track.marks.filter((m) => m.at >= since),
    };
  }

  /** The width of the day's buckets: a day in a little less than a chart's points. */
  #dayBucketMs(): number {
    return Math.ceil(this.#options.maxAgeMs / (MAX_CHART_POINTS * 0.9));
  }

  /** Writes what was added since the last flush; compacts files past their bounds. */
  async flush(): Promise<void> {
    await Promise.all([...this.#tracks.values()].map((track) => this.#write(track)));
  }

  /**
   * Writes what was added, then rewrites every file whole (a temporary file renamed over it,
   * within its bounds): what a stopping process leaves is complete lines only, even where an
   * earlier crash tore the last append.
   */
  async flushWhole(): Promise<void> {
    await this.flush();
    const budget = this.#options.maxBytesPerInstance;
    await Promise.all(
      [...this.#tracks.values()].map((track) => {
        track.writing = track.writing
          .then(async () => {
            track.bytes = await compactHistory(track.file, this.#window(), budget);
          })
          .catch((error: unknown) => {
            this.#logger.warn('Monitor history not rewritten', { file: track.file, error });
          });
        return track.writing;
      }),
    );
  }

  /** The bytes of every history file, as last written. */
  bytesOnDisk(): number {
    let total = 0;
    for (const track of this.#tracks.values()) total += track.bytes;
    return total;
  }

  /** Forgets an instance's memory (its file stays, bounded, for a later watch). */
  forget(ref: MonitorInstanceRef): void {
    const key = keyOf(ref);
    const track = this.#tracks.get(key);
    if (!track) return;
    void this.#write(track);
    this.#tracks.delete(key);
  }

  #write(track: Track): Promise<void> {
    const lines = track.pending;
    if (lines === '') return track.writing;
    track.pending = '';
    track.writing = track.writing
      .then(async () => {
        track.bytes = await appendHistory(track.file, lines);
        if (track.bytes > this.#options.maxBytesPerInstance || this.#hasExpired(track)) {
          // Compacted to three quarters of the bound, so it is not rewritten on every flush.
          const budget = Math.floor((this.#options.maxBytesPerInstance * 3) / 4);
          track.bytes = await compactHistory(track.file, this.#window(), budget);
        }
      })
      .catch((error: unknown) => {
        this.#logger.warn('Monitor history not written', { file: track.file, error });
      });
    return track.writing;
  }

  /** Once an hour per file (and on its first write): lines may have passed the maximum age. */
  #hasExpired(track: Track): boolean {
    if (this.#options.now() - track.compactedAt < HOUR) return false;
    track.compactedAt = this.#options.now();
    return true;
  }

  #track(ref: MonitorInstanceRef): Track {
    const key = keyOf(ref);
    const existing = this.#tracks.get(key);
    if (existing) return existing;
    const file = join(this.#options.dir, `${fileName(key)}.log`);
    const created: Track = {
      file,
      samples: [],
      day: [],
      marks: [],
      pending: '',
      bytes: 0,
      compactedAt: 0,
      loaded: Promise.resolve(),
      writing: Promise.resolve(),
    };
    created.loaded = this.#load(created);
    this.#tracks.set(key, created);
    return created;
  }

  /** After a restart: the day from disk comes before what is sampled from now on. */
  async #load(track: Track): Promise<void> {
    try {
      const now = this.#options.now();
      const onDisk = await readHistory(track.file, this.#window(now));
      const recent = now - this.#options.memoryMs;
      track.samples = [...onDisk.samples.filter((s) => s.at >= recent), ...track.samples];
      const day: MonitorSample[] = [];
      for (const sample of [...onDisk.samples, ...track.day]) {
        addToBuckets(day, sample, this.#dayBucketMs());
      }
      track.day = day;
      track.marks = [...onDisk.marks, ...track.marks];
    } catch (error) {
      this.#logger.warn('Monitor history not read', { file: track.file, error });
    }
  }

  /** What the history keeps: up to the maximum age, and nothing from the future. */
  #window(now = this.#options.now()): HistoryWindow {
    return { since: now - this.#options.maxAgeMs, until: now + FUTURE_TOLERANCE_MS };
  }

  #trimMemory(track: Track): void {
    const now = this.#options.now();
    track.samples.splice(0, countBefore(track.samples, now - this.#options.memoryMs));
    track.day.splice(0, countBefore(track.day, now - this.#options.maxAgeMs));
    track.marks.splice(0, countBefore(track.marks, now - this.#options.maxAgeMs));
  }
}

/** How many of `items` (oldest first) are older than `since`. */
function countBefore(items: readonly { at: number }[], since: number): number {
  let count = 0;
  while (count < items.length && (items[count]?.at ?? since) < since) count += 1;
  return count;
}

function keyOf(ref: MonitorInstanceRef): string {
  return `${ref.profileId}\n${ref.instanceName}`;
}

/** A file name from the instance's key: readable, and unique through a short hash. */
function fileName(key: string): string {
  const readable = key.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  return `${readable}-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}
