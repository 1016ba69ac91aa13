import { AppError } from '../../../../shared/errors';
import type { DownloadAnswer } from './download-answer';
import { restart, type Progress } from './download-progress';
import type { ExportFile } from '../journal-schema';

/*
 * What a download reads in an answer's headers (the file's ETag and size, whether the answer
 * continues the bytes in hand), and the error that starts it over.
 */

/** A `Content-Range: bytes a-b/total` (or `bytes * /total`) header, read. */
export function contentRange(
  header: string | string[] | undefined,
): { start: number | undefined; total: number } | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  const match = text === undefined ? null : /^bytes (?:(\d+)-(\d+)|\*)\/(\d+)$/i.exec(text.trim());
  if (!match) return undefined;
  return { start: match[1] === undefined ? undefined : Number(match[1]), total: Number(match[3]) };
}

/** The first value of a header. */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Thrown inside an attempt to start again from byte 0 (the remote file is another one). */
export class RestartFromZero extends AppError {
  constructor(reason: string) {
    super({ code: 'NETWORK', message: `The download starts over: ${reason}.`, details: 'restart' });
  }
}

/**
 * Throws unless the answer continues the bytes in hand (else starts over from byte 0); answers
 * true when the bytes in hand are already the whole file (a 416 at their end).
 */
export async function checkContinues(
  response: DownloadAnswer,
  state: ExportFile,
  progress: Progress,
): Promise<boolean> {
  const from = progress.written;
  const etag = header(response.headers['etag']);
  if (response.statusCode === 416) {
    await response.discard();
    const total = contentRange(response.headers['content-range'])?.total;
    if (total === from && (etag === undefined || etag === state.etag)) return true;
    await restart(progress, state);
    throw new RestartFromZero('the file on the server is shorter than the part downloaded');
  }
  if (response.statusCode !== 200 && response.statusCode !== 206) {
    throw await response.error(`the download of ${state.dest}`);
  }
  const range = contentRange(response.headers['content-range']);
  // A range other than the one asked (even from byte 0) holds bytes of another offset.
  if (response.statusCode === 206 && range?.start !== from) {
    await response.discard();
    await restart(progress, state);
    throw new RestartFromZero('the server answered another range than the one asked');
  }
  const sameFile = state.etag === undefined || etag === undefined || etag === state.etag;
  if (response.statusCode === 200 || !sameFile || range?.start !== from) {
    if (from > 0) {
      await response.discard();
      await restart(progress, state);
      throw new RestartFromZero('the file on the server changed or ignored the range');
    }
  }
  return false;
}

/** Takes the file's ETag and total size from a first answer. */
export function readRemoteFile(response: DownloadAnswer, state: ExportFile, from: number): void {
  const range = contentRange(response.headers['content-range']);
  state.etag = header(response.headers['etag']);
  state.totalBytes =
    range?.total ?? from + Number(header(response.headers['content-length']) ?? Number.NaN);
  if (!Number.isSafeInteger(state.totalBytes)) state.totalBytes = undefined;
}
