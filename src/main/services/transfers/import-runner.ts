import { fileTypeByExtension } from '../../../shared/contract/enums';
import { assertUnchanged } from './file-identity';
import { followJob, startJob, type JobMeta } from './job-follow';
import type { ImportJournal } from './journal-schema';
import { completeUpload, uploadMissingParts } from './multipart-upload';
import { runSingleUpload } from './single-upload';
import type { TransferContext } from './transfer-context';

type ImportContext = TransferContext<ImportJournal>;

function importMeta(journal: ImportJournal): JobMeta {
  return {
    type: 'IMPORT_DATABASE',
    label: `Import ${journal.databaseName} from ${journal.fileType.toUpperCase()}`,
  };
}

async function upload(ctx: ImportContext): Promise<void> {
  const journal = ctx.journal;
  // Before any byte (again) leaves: a file that changed since the journal was written must
  // not end up half old, half new on the service.
  await assertUnchanged(journal.sourcePath, journal.source);
  ctx.setState('uploading');
  if (journal.mode === 'single') {
    await runSingleUpload(ctx);
    await assertUnchanged(journal.sourcePath, journal.source);
    journal.phase = 'importing';
    await ctx.save();
    return;
  }
  await uploadMissingParts(ctx);
  await assertUnchanged(journal.sourcePath, journal.source);
  journal.phase = 'completing';
  await ctx.save();
}

/**
 * Drives an import from wherever its journal stands: upload (single-stream or the missing
 * parts), complete-upload from the journal's ETags, POST import with `importFrom`, then the
 * import job until it is final. Each phase is journaled before the next starts, so a crash
 * resumes at the right step and never starts a second import job.
 */
export async function runImport(ctx: ImportContext): Promise<void> {
  const journal = ctx.journal;
  const importSentBefore = journal.phase === 'importing' && !ctx.firstRun;
  let completeSentBefore = journal.phase === 'completing';
  if (journal.phase === 'uploading') {
    await upload(ctx);
    completeSentBefore = false;
  } else {
    ctx.setBytes(journal.source.size, journal.source.size);
  }
  if (journal.phase === 'completing') {
    ctx.setState('completing');
    await completeUpload(ctx, completeSentBefore);
    journal.phase = 'importing';
    await ctx.save();
  }
  ctx.setState('importing');
  const meta = importMeta(journal);
  if (journal.jobId === undefined) {
    journal.jobId = await startJob(
      ctx,
      meta,
      () =>
        ctx.client.call(
          'databases.import',
          {
            pathParams: { instanceName: journal.instanceName, databaseName: journal.databaseName },
            query: { importFrom: fileTypeByExtension[journal.fileType] },
            body: journal.groupIds === undefined ? {} : { groupIds: journal.groupIds },
          },
          { signal: ctx.signal },
        ),
      importSentBefore,
    );
    await ctx.save();
  }
  await followJob(ctx, journal.jobId, meta);
}
