import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, type FileHandle } from 'node:fs/promises';
import { AppError } from '../../../../shared/errors';
import type { FrontHasher } from './front-hasher';
import type { ExportFile } from '../journal-schema';
import { bareEtag } from '../presigned-http';
import { bytesDone, fitsTotal } from './range-segments';

/*
 * Where a download stands between its attempts: what a resume trusts in the `.part` file, how
 * it starts over, and the final checks of length and MD5.
 */

/** The open `.part` file, how much it holds, and the hash so far (of a ranged one: its hasher). */
export interface Progress {
  handle: FileHandle;
  written: number;
  hash: Hash;
  hasher?: FrontHasher;
}

/**
 * What a resume keeps of `<dest>.part`: one stream's bytes from the start (its size, hashed
 * again here), or a ranged download's segments as journaled when the file still has the size
 * they were planned for. Bytes without a known ETag could belong to any version of the file,
 * so they are dropped.
 */
export async function resumePoint(
  handle: FileHandle,
  partPath: string,
  state: ExportFile,
): Promise<Progress> {
  const size = (await handle.stat()).size;
  const { ranges, totalBytes: total, etag } = state;
  if (ranges) {
    if (etag !== undefined && total === size && fitsTotal(ranges, total)) {
      state.bytesWritten = bytesDone(ranges);
      return { handle, written: state.bytesWritten, hash: createHash('md5') };
    }
    delete state.ranges;
    state.etag = undefined;
  }
  const keep = state.etag === undefined ? 0 : size;
  if (keep < size) await handle.truncate(keep);
  const hash = createHash('md5');
  if (keep > 0) {
    for await (const chunk of createReadStream(partPath, {
      end: keep - 1,
    }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
    }
  }
  state.bytesWritten = keep;
  return { handle, written: keep, hash };
}

/** Empties the `.part` file and forgets the remote file: the next attempt starts from byte 0. */
export async function restart(progress: Progress, state: ExportFile): Promise<void> {
  await progress.handle.truncate(0);
  progress.written = 0;
  progress.hash = createHash('md5');
  delete progress.hasher;
  state.bytesWritten = 0;
  state.etag = undefined;
  state.totalBytes = undefined;
  delete state.ranges;
}

/**
 * Checks the length, and the bytes against an MD5-looking ETag (a mismatch starts over);
 * `state.md5Verified` says whether the MD5 was compared (and matched).
 */
export async function verify(state: ExportFile, progress: Progress): Promise<void> {
  if (state.totalBytes !== undefined && progress.written !== state.totalBytes) {
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `The downloaded file ${state.dest} has ${progress.written} bytes instead of ${state.totalBytes}; download it again.`,
    });
  }
  const expected = state.etag === undefined ? '' : bareEtag(state.etag).toLowerCase();
  const isMd5 = /^[0-9a-f]{32}$/.test(expected);
  if (isMd5 && progress.hash.copy().digest('hex') !== expected) {
    await restart(progress, state);
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `The downloaded file ${state.dest} does not match its checksum; it was discarded, download it again.`,
    });
  }
  if (isMd5) state.md5Verified = true;
  else delete state.md5Verified;
}

/** True when something is at `path` (a missing folder or file answers false). */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
