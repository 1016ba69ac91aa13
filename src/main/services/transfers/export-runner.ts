import { stat } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { fileExtensionByType } from '../../../shared/contract/enums';
import { MAX_EXPORT_WITHOUT_DETACH_MB } from '../../../shared/contract/query';
import { AppError } from '../../../shared/errors';
import { followJob, startJob, type JobMeta } from './job-follow';
import type { ExportFile, ExportJournal } from './journal-schema';
import { checkPresignedUrl } from './multipart-upload';
import { RangeDownloader } from './range-downloader';
import type { TransferContext } from './transfer-context';

type ExportContext = TransferContext<ExportJournal>;

/**
 * Interface rules 1 to 3 of export, checked before anything is sent: `detachOnly` only with
 * MDF, and required above 100 GB (a detach-only export takes the database offline for the
 * job and makes no backup, so the user must ask for it knowingly).
 */
export function checkExportRules(input: {
  databaseName: string;
  exportTo: 0 | 1 | 2;
  detachOnly: boolean;
  sizeInMb: number;
}): void {
  if (input.detachOnly && input.exportTo !== 0) {
    throw new AppError({
      code: 'VALIDATION',
      message:
        '"Detach only" works only when exporting to MDF. Choose MDF, or turn off "Detach only" to export a BAK or DACPAC.',
    });
  }
  if (input.sizeInMb > MAX_EXPORT_WITHOUT_DETACH_MB && !input.detachOnly) {
    const gb = (input.sizeInMb / 1024).toFixed(1);
    throw new AppError({
      code: 'VALIDATION',
      message:
        `${input.databaseName} is ${gb} GB; a database over 100 GB can only be exported to MDF with "Detach only" ` +
        '(the database goes offline during the export and is not backed up first).',
    });
  }
}

/** A name that is safe as a file name on Windows, macOS and Linux, or undefined. */
function safeFileName(name: string): string | undefined {
  const cleaned = Array.from(name.replace(/[<>:"/\\|?*]/g, '_'), (char) =>
    char.charCodeAt(0) < 32 ? '_' : char,
  )
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 200);
  return cleaned === '' ? undefined : cleaned;
}

/** The file name a download URL names (its last path segment), if it has one. */
export function remoteNameOf(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
    return segment === undefined ? undefined : safeFileName(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

async function isFree(path: string): Promise<boolean> {
  for (const candidate of [path, `${path}.part`]) {
    try {
      await stat(candidate);
      return false;
    } catch {
      // Absent: free.
    }
  }
  return true;
}

/** Destinations for the export's files in the folder, never overwriting what is there. */
async function planFiles(journal: ExportJournal, urls: string[]): Promise<ExportFile[]> {
  const ext = fileExtensionByType[journal.exportTo];
  const files: ExportFile[] = [];
  const taken = new Set<string>();
  for (const [index, url] of urls.entries()) {
    const fallback = `${journal.databaseName}${index === 0 ? '' : `-${index + 1}`}.${ext}`;
    const remoteName = remoteNameOf(url) ?? safeFileName(fallback) ?? `export-${index + 1}.${ext}`;
    const { name, ext: suffix } = parse(remoteName);
    let dest = join(journal.destinationFolder, remoteName);
    for (let n = 2; taken.has(dest) || !(await isFree(dest)); n += 1) {
      dest = join(journal.destinationFolder, `${name} (${n})${suffix}`);
    }
    taken.add(dest);
    files.push({ remoteName, dest, bytesWritten: 0, done: false });
  }
  return files;
}

async function readDownloadUris(ctx: ExportContext, jobId: string): Promise<string[]> {
  const job = await ctx.client.call(
    'jobs.getByInstance',
    { pathParams: { instanceName: ctx.journal.instanceName, jobId } },
    { signal: ctx.signal },
  );
  return job.downloadUris ?? [];
}

/** The URL of `file` among `urls`: by its remote name, else by its position. */
function urlFor(urls: string[], file: ExportFile, index: number): string {
  const url = urls.find((candidate) => remoteNameOf(candidate) === file.remoteName) ?? urls[index];
  if (url === undefined) {
    throw new AppError({
      code: 'GONE',
      message: `The service no longer offers ${file.remoteName} for download; export the database again.`,
    });
  }
  return checkPresignedUrl(url, file.remoteName);
}

async function downloadFiles(ctx: ExportContext, jobId: string, urls: string[]): Promise<void> {
  const { journal, settings } = ctx;
  const downloader = new RangeDownloader({
    dispatcher: settings.dispatcher,
    retry: settings.retry,
    sleep: settings.sleep,
    random: settings.random,
  });
  const totals = (): number => journal.files.reduce((sum, f) => sum + (f.totalBytes ?? 0), 0);
  for (const [index, file] of journal.files.entries()) {
    if (file.done) continue;
    const before = journal.files.slice(0, index).reduce((sum, f) => sum + f.bytesWritten, 0);
    await downloader.download({
      url: urlFor(urls, file, index),
      state: file,
      signal: ctx.signal,
      // Pre-signed download URLs expire; the job hands out fresh ones when read again.
      refreshUrl: async () => urlFor(await readDownloadUris(ctx, jobId), file, index),
      onProgress: (written) => ctx.setBytes(before + written, totals()),
      checkpoint: () => ctx.save({ frequent: true }),
    });
    await ctx.save();
  }
}

/**
 * Drives an export from wherever its journal stands: POST export (once; the job id is
 * journaled), the export job until it succeeds, then every file of the job into the folder
 * with resumable range requests. The record ends with the downloaded paths in `files`.
 */
export async function runExport(ctx: ExportContext): Promise<void> {
  const journal = ctx.journal;
  const meta: JobMeta = {
    type: 'EXPORT_DATABASE',
    label: `Export ${journal.databaseName} to ${journal.fileType.toUpperCase()}`,
  };
  let urls: string[] | undefined;
  if (journal.phase === 'exporting') {
    ctx.setState('exporting');
    journal.jobId ??= await startJob(
      ctx,
      meta,
      () =>
        ctx.client.call(
          'databases.export',
          {
            pathParams: { instanceName: journal.instanceName, databaseName: journal.databaseName },
            query: { exportTo: journal.exportTo, detachOnly: journal.detachOnly },
          },
          { signal: ctx.signal },
        ),
      !ctx.firstRun,
    );
    await ctx.save();
    const job = await followJob(ctx, journal.jobId, meta);
    urls = job.downloadUris?.length ? job.downloadUris : await readDownloadUris(ctx, journal.jobId);
    if (urls.length === 0) {
      throw new AppError({
        code: 'UNEXPECTED_RESPONSE',
        message: 'The export job succeeded but the service listed no file to download.',
      });
    }
    journal.files = await planFiles(journal, urls);
    journal.phase = 'downloading';
    await ctx.save();
  }
  const jobId = journal.jobId;
  if (jobId === undefined) {
    throw new AppError({ code: 'INTERNAL', message: 'The export has no job; export again.' });
  }
  ctx.setState('downloading');
  await downloadFiles(ctx, jobId, urls ?? (await readDownloadUris(ctx, jobId)));
  ctx.patch({ files: journal.files.map((file) => file.dest) });
}
