import { fileExtensionByType } from '../../../../shared/contract/enums';
import { MAX_EXPORT_WITHOUT_DETACH_MB } from '../../../../shared/contract/query';
import { AppError } from '../../../../shared/errors';
import { formatSizeMiB } from '../../../../shared/format/units';
import { followJob, jobMetaOf, startJob } from '../job-follow';
import type { ExportFile, ExportJournal } from '../journal-schema';
import { downloadFiles, planDownloadFiles, safeFileName } from './file-downloads';
import type { TransferContext } from '../transfer-context';
import { callsFor, transferAction } from '../transfer-action';
import type { ServiceCaller } from '../transfer-ports';
import type { StartExportInput } from '../../../../shared/model/transfer';

type ExportContext = TransferContext<ExportJournal>;

/**
 * Reads the database and checks the rules of export against it, before anything is sent; the
 * read is the export's first call, made for its action (the transfer `id` is to be).
 */
export async function checkExport(
  client: ServiceCaller,
  input: StartExportInput,
  id: string,
): Promise<void> {
  const { instanceName, databaseName } = input;
  const action = transferAction({ id, kind: 'export', instanceName, subject: databaseName });
  const database = await callsFor(client, action).call('databases.get', {
    pathParams: { instanceName, databaseName },
  });
  checkExportRules({
    ...input,
    detachOnly: input.detachOnly ?? false,
    sizeInMb: database.sizeInMb,
  });
}

/**
 * Interface rules 1 to 3 of export, checked before anything is sent: `detachOnly` only with
 * MDF, and required above 100 GiB (a detach-only export takes the database offline for the
 * job and makes no backup, so the user must ask for it knowingly).
 */
function checkExportRules(input: {
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
    const size = formatSizeMiB(input.sizeInMb);
    const limit = formatSizeMiB(MAX_EXPORT_WITHOUT_DETACH_MB);
    throw new AppError({
      code: 'VALIDATION',
      message:
        `${input.databaseName} is ${size}; a database over ${limit} can only be exported to MDF with "Detach only" ` +
        '(the database goes offline during the export and is not backed up first).',
    });
  }
}

/** Destinations for the export's files in the folder, never overwriting what is there. */
function planFiles(ctx: ExportContext, urls: string[]): Promise<ExportFile[]> {
  const { journal } = ctx;
  const ext = fileExtensionByType[journal.exportTo];
  const name = (index: number): string => {
    const fallback = `${journal.databaseName}${index === 0 ? '' : `-${index + 1}`}.${ext}`;
    return safeFileName(fallback) ?? `export-${index + 1}.${ext}`;
  };
  return planDownloadFiles(journal.destinationFolder, urls, name, ctx.settings.disk);
}

async function readDownloadUris(ctx: ExportContext, jobId: string): Promise<string[]> {
  const job = await ctx.client.call(
    'jobs.getByInstance',
    { pathParams: { instanceName: ctx.journal.instanceName, jobId } },
    { signal: ctx.signal },
  );
  return job.downloadUris ?? [];
}

/**
 * Drives an export from wherever its journal stands: POST export (once; the job id is
 * journaled), the export job until it succeeds, then every file of the job into the folder
 * with resumable range requests. The record ends with the downloaded paths in `files`.
 */
export async function runExport(ctx: ExportContext): Promise<void> {
  const journal = ctx.journal;
  const input = {
    pathParams: { instanceName: journal.instanceName, databaseName: journal.databaseName },
    query: { exportTo: journal.exportTo, detachOnly: journal.detachOnly },
  };
  const meta = jobMetaOf('databases.export', input);
  let urls: string[] | undefined;
  if (journal.phase === 'exporting') {
    ctx.setState('exporting');
    journal.jobId ??= await startJob(
      ctx,
      meta,
      () => ctx.client.call('databases.export', input, { signal: ctx.signal }),
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
    journal.files = await planFiles(ctx, urls);
    journal.phase = 'downloading';
    await ctx.save();
  }
  const jobId = journal.jobId;
  if (jobId === undefined) {
    throw new AppError({ code: 'INTERNAL', message: 'The export has no job; export again.' });
  }
  ctx.setState('downloading');
  await downloadFiles(ctx, {
    urls: urls ?? (await readDownloadUris(ctx, jobId)),
    // Pre-signed download URLs expire; the job hands out fresh ones when read again.
    refresh: () => readDownloadUris(ctx, jobId),
    whenGone: 'export the database again',
  });
}
