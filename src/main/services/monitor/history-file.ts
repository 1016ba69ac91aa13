import { readTextIfPresent } from '../common/text-file';
import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../common/atomic-file';
import {
  MONITOR_SAMPLE_PEAKS,
  type BlockingMark,
  type MonitorSample,
} from '../../../shared/model/monitor';

/*
 * One instance's history on disk: a text file of one line per sample (`s,...`) or blocking
 * mark (`m,...`), oldest first, appended in batches. Compact (about 50 bytes a sample, so a
 * day at 5 s is under 1 MiB) and readable with any tool. Every access is asynchronous: the
 * monitor never blocks the event loop on the disk.
 */

/** A sample line's fields, in order (the file format: do not reorder). */
const SAMPLE_FIELDS = ['at', ...MONITOR_SAMPLE_PEAKS, 'jobsFailed'] as const;

/** The lines of a sample and of a mark. */
export function sampleLine(sample: MonitorSample): string {
  return `s,${SAMPLE_FIELDS.map((field) => Math.round(sample[field])).join(',')}\n`;
}

export function markLine(mark: BlockingMark): string {
  return `m,${mark.at},${mark.sessionId},${mark.blockedCount},${Math.round(mark.blockingMs)}\n`;
}

/** What a history file holds, in order. */
export interface HistoryContent {
  readonly samples: MonitorSample[];
  readonly marks: BlockingMark[];
}

/** The times (epoch ms, both included) whose lines are kept when a file is read or compacted. */
export interface HistoryWindow {
  readonly since: number;
  readonly until: number;
}

const inWindow = (at: number, window: HistoryWindow): boolean =>
  at >= window.since && at <= window.until;

function numbers(line: string): number[] | undefined {
  const values = line.slice(2).split(',').map(Number);
  return values.every(Number.isFinite) ? values : undefined;
}

/** The time of a whole sample or mark line; undefined for anything else. */
function wholeLineTime(line: string): number | undefined {
  const values = numbers(line);
  const fields = line.startsWith('s,') ? SAMPLE_FIELDS.length : line.startsWith('m,') ? 4 : 0;
  return values && values.length === fields ? values[0] : undefined;
}

/**
 * Parses a history file's text, keeping the lines of `window`; lines that do not parse (a torn
 * last write) are skipped.
 */
export function parseHistory(text: string, window: HistoryWindow): HistoryContent {
  const samples: MonitorSample[] = [];
  const marks: BlockingMark[] = [];
  for (const line of text.split('\n')) {
    const values = numbers(line);
    if (!values || !inWindow(values[0] ?? 0, window)) continue;
    if (line.startsWith('s,') && values.length === SAMPLE_FIELDS.length) {
      const sample = Object.fromEntries(SAMPLE_FIELDS.map((field, i) => [field, values[i]]));
      samples.push(sample as MonitorSample);
    } else if (line.startsWith('m,') && values.length === 4) {
      const [at = 0, sessionId = 0, blockedCount = 0, blockingMs = 0] = values;
      marks.push({ at, sessionId, blockedCount, blockingMs });
    }
  }
  return { samples, marks };
}

/** Reads the lines of `window` from a history file; an absent file is an empty history. */
export async function readHistory(file: string, window: HistoryWindow): Promise<HistoryContent> {
  try {
    return parseHistory(await readFile(file, 'utf8'), window);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { samples: [], marks: [] };
    throw error;
  }
}

/** Appends lines; answers the file's size after. */
export async function appendHistory(file: string, lines: string): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, lines, 'utf8');
  return (await stat(file)).size;
}

/**
 * Rewrites a history file with only the lines of `window` and, of those, the newest that fit
 * in `maxBytes`: the oldest go first. Written to a temporary file and renamed over, so a crash
 * leaves the old file or the new one, never half of either.
 */
export async function compactHistory(file: string, window: HistoryWindow, maxBytes: number) {
  const text = await readTextIfPresent(file);
  if (text === undefined) return 0;
  const kept: string[] = [];
  let bytes = 0;
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i] ?? '';
    // Only lines that parse are kept: a torn append glued to the next one is dropped here.
    const at = wholeLineTime(line);
    if (at === undefined || !inWindow(at, window)) continue;
    if (bytes + line.length + 1 > maxBytes) break;
    kept.push(line);
    bytes += line.length + 1;
  }
  const compacted = kept
    .reverse()
    .map((line) => `${line}\n`)
    .join('');
  // Not flushed (fsync): the history is the monitor's own record of samples, not the user's
  // data, so a power cut may cost it; an app crash still leaves the old file or the new one.
  await writeFileAtomic(file, compacted, { fsync: false });
  return bytes;
}
