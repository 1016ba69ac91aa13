import { dirname, join } from 'node:path';
import {
  assertUnchanged,
  identityDifferences,
  readFileIdentity,
  type FileIdentity,
} from '../file-identity';
import type { ImportJournal } from '../journal-schema';
import type { TransferContext, TransferEngineSettings } from '../transfer-context';

/*
 * An upload that reads a copy-on-write clone of its source reads the bytes the file held when
 * the clone was made, whatever writes the file afterwards: a clone shares the file's blocks
 * until either is written, and a write to the source then goes to new blocks of the source
 * only. No writer of the file, one through a shared memory mapping included, can mix old and
 * new bytes in what the upload reads.
 *
 * The clone goes beside the source: a clone cannot leave its file system (EXDEV), and the
 * source's folder is the one place known to be on it. Its name is hidden and says whose it is
 * (`.databridge-clone-<transfer id>`). It is journaled once it is whole, and removed once the
 * upload is completed, cancelled or has failed; a paused or crashed upload keeps it, so the
 * resume reads the same snapshot. Where no clone can be made (a file system without clones, a
 * read-only folder, Windows and macOS through Node: see transfer-disk.ts), the upload reads the
 * file itself, with the checks of upload-rounds.ts.
 */

type ImportContext = TransferContext<ImportJournal>;

/** What removing a clone needs of the engine's settings. */
type CloneSettings = Pick<TransferEngineSettings, 'cloner' | 'logger'>;

/** Where the clone of an upload's source goes: beside the source, hidden, named by transfer. */
export function clonePathOf(sourcePath: string, transferId: string): string {
  return join(dirname(sourcePath), `.databridge-clone-${transferId}`);
}

/** The file an upload reads and the identity it must keep: its clone if it has one, else its source. */
export function readSourceOf(journal: ImportJournal): { path: string; identity: FileIdentity } {
  const clone = journal.clone;
  return clone
    ? { path: clone.path, identity: clone.identity }
    : { path: journal.sourcePath, identity: journal.source };
}

/** The file the upload reads changed and was read again: `identity` is what it must keep now. */
export function noteReadIdentity(journal: ImportJournal, identity: FileIdentity): void {
  if (journal.clone) journal.clone.identity = identity;
  else journal.source = identity;
}

/** Throws unless the file the upload reads is still the one it started with (see assertUnchanged). */
export function assertReadUnchanged(journal: ImportJournal): Promise<void> {
  const { path, identity } = readSourceOf(journal);
  return assertUnchanged(path, identity);
}

/**
 * Before a run reads the source: keeps the journal's clone when it is whole and unchanged,
 * else removes it and reads the file itself; then, where the setting allows and no clone is
 * kept, makes one. A clone made now stands for the file only if the file is still the one
 * planned (its size, modification time and ends, checked first as without a clone: a changed
 * file is refused); the parts an earlier run sent are proven against it as against the file.
 */
export async function prepareSource(ctx: ImportContext): Promise<void> {
  const { journal, settings } = ctx;
  if (journal.clone && !(await isWhole(journal.clone))) {
    settings.logger.warn('The clone of the file is gone or changed; not reading it', {
      transferId: journal.id,
    });
    await removeClone(journal, settings);
    await ctx.save();
  }
  if (!journal.clone && settings.cloneSources()) await makeClone(ctx);
  ctx.patch({ readsClone: journal.clone ? true : undefined });
}

/**
 * Removes the clone of the upload's source: the file the journal names, else the one its name
 * would have (a run stopped between making a clone and journaling it leaves one), then its
 * name in the journal, which the caller saves. Answers whether the journal named one. A clone
 * that cannot be removed is logged and forgotten: a hidden file beside the source, named for
 * its transfer.
 */
export async function removeClone(
  journal: ImportJournal,
  settings: CloneSettings,
): Promise<boolean> {
  const named = journal.clone !== undefined;
  const path = journal.clone?.path ?? clonePathOf(journal.sourcePath, journal.id);
  await settings.cloner.remove(path).catch((error: unknown) => {
    settings.logger.warn('Could not remove the clone of an upload source', {
      transferId: journal.id,
      path,
      error,
    });
  });
  delete journal.clone;
  return named;
}

/** Removes the clone once the upload no longer reads it (completed), and journals that. */
export async function dropClone(ctx: ImportContext): Promise<void> {
  if (!(await removeClone(ctx.journal, ctx.settings))) return;
  ctx.patch({ readsClone: undefined });
  await ctx.save();
}

/** True when `clone` still holds what it held when it was made. */
async function isWhole(clone: NonNullable<ImportJournal['clone']>): Promise<boolean> {
  try {
    return identityDifferences(clone.identity, await readFileIdentity(clone.path)).length === 0;
  } catch {
    return false;
  }
}

/**
 * Clones the source beside it and journals the clone once it is whole. Only a file named for
 * this transfer is ever removed or replaced: a run stopped between making a clone and
 * journaling it left it there, and nothing else has its name.
 */
async function makeClone(ctx: ImportContext): Promise<void> {
  const { journal, settings } = ctx;
  await assertUnchanged(journal.sourcePath, journal.source);
  const path = clonePathOf(journal.sourcePath, journal.id);
  await removeClone(journal, settings);
  try {
    await settings.cloner.clone(journal.sourcePath, path);
  } catch (error) {
    // Nothing to remove: a clone that fails leaves no file (libuv removes what it created).
    settings.logger.info('No clone of the file could be made; the upload reads the file', {
      transferId: journal.id,
      code: (error as NodeJS.ErrnoException).code ?? String(error),
    });
    return;
  }
  const identity = await readFileIdentity(path).catch(() => undefined);
  // The file may have changed between its check and the clone: the clone's size and ends
  // must be the file's as planned (its times are the clone's own).
  if (identity === undefined || !sameContent(journal.source, identity)) {
    settings.logger.warn('The file changed as it was cloned; the upload reads the file', {
      transferId: journal.id,
    });
    await removeClone(journal, settings);
    return;
  }
  journal.clone = { path, identity };
  await ctx.save();
  settings.logger.info('The upload reads a clone of the file', { transferId: journal.id });
}

/** True when two identities have the same size and ends (their times left out). */
function sameContent(expected: FileIdentity, actual: FileIdentity): boolean {
  return identityDifferences(expected, { ...actual, mtimeMs: expected.mtimeMs }).length === 0;
}
