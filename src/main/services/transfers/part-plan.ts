import {
  MAX_PART_NUMBER,
  MAX_PART_SIZE_BYTES,
  MIN_PART_SIZE_BYTES,
} from '../../../shared/contract/records/uploads';
import { AppError } from '../../../shared/errors';
import { formatSize } from '../../../shared/format/units';

/** One mebibyte. */
export const MIB = 1024 * 1024;
/** The part size we aim for: large enough to amortise a request, small enough to resume cheaply. */
const DEFAULT_PART_SIZE = 64 * MIB;
/** Files below this size go up in one streamed PUT instead of a multipart upload. */
const DEFAULT_SINGLE_STREAM_THRESHOLD = 100 * MIB;

/** Tunables of {@link planParts}; tests lower them to exercise many parts with small files. */
export interface PartPlanOptions {
  /** Preferred part size in bytes (default {@link DEFAULT_PART_SIZE}). */
  partSize?: number;
  /** The service's smallest part but the last (default 5 MiB, the object-store rule). */
  minPartSize?: number;
  /** Files strictly below this go single-stream (default {@link DEFAULT_SINGLE_STREAM_THRESHOLD}). */
  singleStreamThreshold?: number;
}

/** How a file is cut up for upload. */
export interface PartPlan {
  mode: 'multipart' | 'single';
  /** Bytes per part (every part but the last); the file size for single-stream. */
  partSize: number;
  partCount: number;
}

/** Byte range of one part: `start` and `end` inclusive, as in an HTTP Range or `createReadStream`. */
export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
  length: number;
}

function roundUpToMib(bytes: number): number {
  return Math.ceil(bytes / MIB) * MIB;
}

/**
 * Chooses single-stream or multipart and the part size for a file of `sizeBytes`: the
 * preferred size (at least the minimum part size), or, when the file would not fit in 10,000
 * such parts, the smallest size that fits, rounded up to a MiB. Throws VALIDATION for an empty file or one too large for
 * 10,000 parts of 5 GiB.
 */
export function planParts(sizeBytes: number, options: PartPlanOptions = {}): PartPlan {
  const minPartSize = options.minPartSize ?? MIN_PART_SIZE_BYTES;
  const preferred = options.partSize ?? DEFAULT_PART_SIZE;
  const threshold = options.singleStreamThreshold ?? DEFAULT_SINGLE_STREAM_THRESHOLD;
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes <= 0) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'The file is empty, so there is nothing to import. Choose a database file.',
    });
  }
  if (sizeBytes > MAX_PART_NUMBER * MAX_PART_SIZE_BYTES) {
    throw new AppError({
      code: 'VALIDATION',
      message: `The file is larger than the service accepts (${MAX_PART_NUMBER} parts of ${formatSize(MAX_PART_SIZE_BYTES)}, ${formatSize(MAX_PART_NUMBER * MAX_PART_SIZE_BYTES)}). Split or compress the database first.`,
    });
  }
  if (sizeBytes < threshold) return { mode: 'single', partSize: sizeBytes, partCount: 1 };
  const fitting = Math.ceil(sizeBytes / MAX_PART_NUMBER);
  const chosen = Math.max(preferred, minPartSize);
  // Only a file too large for 10,000 parts of the preferred size gets a computed size, and
  // that one is rounded up to a whole MiB.
  const partSize = Math.min(fitting > chosen ? roundUpToMib(fitting) : chosen, MAX_PART_SIZE_BYTES);
  return { mode: 'multipart', partSize, partCount: Math.ceil(sizeBytes / partSize) };
}

/** The byte range of part `partNumber` (1-based) of a file of `sizeBytes` cut in `partSize`. */
export function partRange(sizeBytes: number, partSize: number, partNumber: number): PartRange {
  const start = (partNumber - 1) * partSize;
  const end = Math.min(start + partSize, sizeBytes) - 1;
  if (partNumber < 1 || start >= sizeBytes) {
    throw new RangeError(`Part ${partNumber} is outside a file of ${sizeBytes} bytes`);
  }
  return { partNumber, start, end, length: end - start + 1 };
}
