import { join, parse } from 'node:path';
import { AppError } from '../../../../shared/errors';
import { diskFullCause, diskFullError } from '../disk-full';
import type { DownloadJournal, ExportFile } from '../journal-schema';
import { checkPresignedUrl } from '../presigned-http';
import { exists } from './download-progress';
import { RangeDownloader, type RangeDownloaderOptions } from './range-downloader';
import type { TransferContext, TransferEngineSettings } from '../transfer-context';
import { systemDisk, type TransferDisk } from '../transfer-disk';
import { reportRetry } from '../retry-notice';

/*
 * The download phase shared by exports and archive downloads: where each remote file goes in
 * the chosen folder, and the resumable download of every file not done yet. The pre-signed
 * URLs are credentials, so they are only held in memory: a run asks the service for fresh ones.
 */

/** A name that is safe as a file name on Windows, macOS and Linux, or undefined. */
export function safeFileName(name: string): string | undefined {
  const cleaned = Array.from(name.replace(/[<>:"/\\|?*]/g, '_'), (char) =>
    char.charCodeAt(0) < 32 ? '_' : char,
  )
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 200);
  return cleaned === '' ? undefined : cleaned;
}

/** The file name a download URL names (its last path segment), if it has one. */
function remoteNameOf(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
    return segment === undefined ? undefined : safeFileName(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * Takes `dest` for a download by creating its empty `<dest>.part` exclusively; false when the
 * name is taken (the file, or another download's `.part`). Reserving on disk rather than
 * checking keeps two downloads started at once (the same archive twice, two archives of one
 * database) from writing the same file.
 */
async function reserve(dest: string, disk: TransferDisk): Promise<boolean> {
  if (await exists(dest)) return false;
  try {
    await (await disk.open(`${dest}.part`, 'wx')).close();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    if (diskFullCause(error)) {
      throw await diskFullError({ disk, path: dest, what: `creating ${dest}.part` }, error);
    }
    throw new AppError({
      code: 'VALIDATION',
      message: `Could not create ${dest}.part to download into; choose another folder.`,
    });
  }
}

/**
 * Destinations for the remote files of `urls` in `folder`, never overwriting what is there: a
 * taken name becomes `name (2).ext`, `name (3).ext`... `fallbackName(index)` names a file
 * whose URL names none.
 */
export async function planDownloadFiles(
  folder: string,
  urls: readonly string[],
  fallbackName: (index: number) => string,
  disk: TransferDisk = systemDisk,
): Promise<ExportFile[]> {
  const files: ExportFile[] = [];
  for (const [index, url] of urls.entries()) {
    const remoteName = remoteNameOf(url) ?? fallbackName(index);
    const { name, ext } = parse(remoteName);
    let dest = join(folder, remoteName);
    for (let n = 2; !(await reserve(dest, disk)); n += 1)
      dest = join(folder, `${name} (${n})${ext}`);
    files.push({ remoteName, dest, bytesWritten: 0, done: false });
  }
  return files;
}

/** Where a run gets the URLs of the files: fresh from the service, and again when they expire. */
export interface DownloadSource {
  /** The URLs in hand (just read from the service). */
  readonly urls: readonly string[];
  /** Reads fresh URLs (a pre-signed URL expires, and none is journaled). */
  readonly refresh: () => Promise<readonly string[]>;
  /** What the user can do when the service no longer offers a file, e.g. `export again`. */
  readonly whenGone: string;
}

/** The URL of `file` among `urls`: by its remote name, else by its position. */
function urlFor(
  urls: readonly string[],
  file: ExportFile,
  index: number,
  whenGone: string,
): string {
  const url = urls.find((candidate) => remoteNameOf(candidate) === file.remoteName) ?? urls[index];
  if (url === undefined) {
    throw new AppError({
      code: 'GONE',
      message: `The service no longer offers ${file.remoteName} for download; ${whenGone}.`,
    });
  }
  return checkPresignedUrl(url, file.remoteName);
}

/** The range downloader of a download run, built from the service's engine settings. */
export function rangeDownloaderOf(
  settings: TransferEngineSettings,
  notices?: Pick<RangeDownloaderOptions, 'onRetry' | 'onRecovered'>,
): RangeDownloader {
  return new RangeDownloader({
    now: settings.now,
    ...notices,
    dispatcher: settings.dispatcher,
    ...(settings.route ? { route: settings.route, floor: settings.floor } : {}),
    retry: settings.retry,
    sleep: settings.sleep,
    random: settings.random,
    limiter: settings.bandwidth,
    disk: settings.disk,
    rangesInFlight: settings.rangesInFlight,
    ...(settings.downloadSegmentBytes ? { segmentBytes: settings.downloadSegmentBytes } : {}),
  });
}

/**
 * Downloads every file of the journal not done yet into its destination with the resumable
 * range downloader, reporting progress over all the files and saving the journal as bytes
 * arrive; the record ends with the downloaded paths in `files`.
 */
export async function downloadFiles(
  ctx: TransferContext<DownloadJournal>,
  source: DownloadSource,
): Promise<void> {
  const { journal } = ctx;
  const { settings } = ctx;
  const retry = reportRetry(settings, journal.id, (step, notice) => ctx.retrying(step, notice));
  const downloader = rangeDownloaderOf(settings, {
    onRetry: (error, attempt, delayMs) => retry('download', error, attempt, delayMs),
    onRecovered: () => ctx.retrying('download', undefined),
  });
  const totals = (): number => journal.files.reduce((sum, f) => sum + (f.totalBytes ?? 0), 0);
  for (const [index, file] of journal.files.entries()) {
    if (file.done) continue;
    const before = journal.files.slice(0, index).reduce((sum, f) => sum + f.bytesWritten, 0);
    await downloader.download({
      url: urlFor(source.urls, file, index, source.whenGone),
      state: file,
      signal: ctx.signal,
      refreshUrl: async () => urlFor(await source.refresh(), file, index, source.whenGone),
      onProgress: (written) => ctx.setBytes(before + written, totals()),
      checkpoint: () => ctx.save({ frequent: true }),
    });
    await ctx.save();
  }
  ctx.patch({ files: journal.files.map((file) => file.dest) });
}
