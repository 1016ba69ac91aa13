import { fileTypeByExtension } from '../../../../shared/contract/enums';
import { followJob, jobMetaOf, startJob } from '../job-follow';
import type { ImportJournal } from '../journal-schema';
import { completeUpload } from './multipart-upload';
import type { TransferContext } from '../transfer-context';
import { assertReadUnchanged, dropClone, prepareSource } from './source-clone';
import { sendPartsProven, sendSingleHeldStill } from './upload-rounds';

type ImportContext = TransferContext<ImportJournal>;

/** The import operation's input for the journal's file. */
function importInput(journal: ImportJournal) {
  return {
    pathParams: { instanceName: journal.instanceName, databaseName: journal.databaseName },
    query: { importFrom: fileTypeByExtension[journal.fileType] },
    body: journal.groupIds === undefined ? {} : { groupIds: journal.groupIds },
  };
}

async function upload(ctx: ImportContext): Promise<void> {
  const journal = ctx.journal;
  // A snapshot of the file to read where the file system can clone it (source-clone.ts).
  await prepareSource(ctx);
  // Before any byte (again) leaves: a file that changed since the journal was written must
  // not end up half old, half new on the service.
  await assertReadUnchanged(journal);
  if (journal.mode === 'single') {
    ctx.setState('uploading');
    await sendSingleHeldStill(ctx);
    await assertReadUnchanged(journal);
    journal.phase = 'importing';
    await ctx.save();
    return;
  }
  await sendPartsProven(ctx);
  await assertReadUnchanged(journal);
  journal.phase = 'completing';
  await ctx.save();
}

/**
 * A run stopped after every part was sent but before the upload was completed: its parts are
 * proven like any resumed upload's, and those that changed are sent again. True when some
 * part was sent again (the earlier complete-upload, if any, no longer stands for this file).
 */
async function partsResent(ctx: ImportContext): Promise<boolean> {
  const { journal } = ctx;
  if (journal.mode !== 'multipart') return false;
  const before = journal.resentParts ?? 0;
  await prepareSource(ctx);
  await assertReadUnchanged(journal);
  await sendPartsProven(ctx);
  await assertReadUnchanged(journal);
  return (journal.resentParts ?? 0) > before;
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
  if (journal.phase === 'completing' && !ctx.firstRun && (await partsResent(ctx))) {
    completeSentBefore = false;
  }
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
  // The service holds the file now: its snapshot is no longer read.
  await dropClone(ctx);
  ctx.setState('importing');
  const input = importInput(journal);
  const meta = jobMetaOf('databases.import', input);
  if (journal.jobId === undefined) {
    journal.jobId = await startJob(
      ctx,
      meta,
      () => ctx.client.call('databases.import', input, { signal: ctx.signal }),
      importSentBefore,
    );
    await ctx.save();
  }
  await followJob(ctx, journal.jobId, meta);
}
