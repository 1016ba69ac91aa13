/*
 * The segments of a download in byte ranges: a file of `total` bytes cut into segments of
 * `segmentBytes` (the last one shorter), and how far each got (`done[i]` bytes from its start).
 * Pure functions over the journal's `ranges` entry.
 */

/** The journal's record of a ranged download (see ExportFileSchema.ranges). */
export interface Segments {
  segmentBytes: number;
  done: number[];
}

/** A fresh plan: every segment of a `total`-byte file, none of their bytes yet. */
export function planSegments(total: number, segmentBytes: number): Segments {
  return { segmentBytes, done: new Array<number>(Math.ceil(total / segmentBytes)).fill(0) };
}

/** Whether a journaled plan fits a file of `total` bytes (else it is of another file). */
export function fitsTotal(segments: Segments, total: number): boolean {
  const { segmentBytes, done } = segments;
  return (
    done.length === Math.ceil(total / segmentBytes) &&
    done.every((bytes, index) => bytes <= segmentLength(segments, total, index))
  );
}

/** The bytes of segment `index`. */
export function segmentLength(segments: Segments, total: number, index: number): number {
  const start = index * segments.segmentBytes;
  return Math.min(segments.segmentBytes, total - start);
}

/** Whether every byte of segment `index` is on disk. */
export function isComplete(segments: Segments, total: number, index: number): boolean {
  return (segments.done[index] ?? 0) >= segmentLength(segments, total, index);
}

/** The bytes of every segment on disk. */
export function bytesDone(segments: Segments): number {
  return segments.done.reduce((sum, bytes) => sum + bytes, 0);
}

/** Where the bytes on disk stop being contiguous from the start of the file. */
export function contiguousEnd(segments: Segments, total: number, from = 0): number {
  let index = Math.floor(from / segments.segmentBytes);
  while (index < segments.done.length) {
    const done = segments.done[index] ?? 0;
    if (done < segmentLength(segments, total, index)) return index * segments.segmentBytes + done;
    index += 1;
  }
  return total;
}

/**
 * Counts `bytes` written in order from `position` in the segments they cover (a run of
 * several segments fetched in one request crosses their bounds).
 */
export function recordStored(
  segments: Segments,
  total: number,
  position: number,
  bytes: number,
): void {
  const end = position + bytes;
  const { segmentBytes, done } = segments;
  for (let index = Math.floor(position / segmentBytes); index * segmentBytes < end; index += 1) {
    if (index >= done.length) break;
    done[index] = Math.min(segmentLength(segments, total, index), end - index * segmentBytes);
  }
}

/**
 * Segment `index` and the untouched segments right after it, taken out of `queue` (the
 * segments left, in order): bytes that one request can fetch in a row.
 */
export function takeRun(segments: Segments, queue: number[], index: number): number[] {
  const run = [index];
  while (queue[0] === index + run.length && segments.done[queue[0]] === 0) {
    run.push(queue.shift() ?? index);
  }
  return run;
}

/** The segments with bytes still to fetch, in the file's order. */
export function segmentsToFetch(segments: Segments, total: number): number[] {
  return segments.done.flatMap((_, index) => (isComplete(segments, total, index) ? [] : [index]));
}
