import { basename } from 'node:path';
import { AppError } from '../../../../shared/errors';
import { readFileIdentity } from '../file-identity';
import type { ImportJournal } from '../journal-schema';
import { uploadMissingParts } from './multipart-upload';
import { partList, verifySentParts } from './part-verify';
import { runSingleUpload } from './single-upload';
import { noteReadIdentity, readSourceOf } from './source-clone';
import { readStamp, settledStamp, stampChange, type SourceStamp } from './source-stamp';
import type { TransferContext } from '../transfer-context';

/*
 * An upload is completed only with bytes the file held from one moment to another. Each round
 * takes the file's stamp (change time, size, device and inode: see SourceStamp) before it
 * reads a byte, and again after: when the stamp held, every byte read in the round (the parts
 * proven again and the parts sent) is the file's content throughout the round. When it moved,
 * the next round proves the parts already sent again and sends those that differ, or the
 * upload is refused with what changed.
 */

type ImportContext = TransferContext<ImportJournal>;

/** Rounds of reading the file again after it moved, before the upload gives up on it. */
const MAX_CHANGE_ROUNDS = 3;

/**
 * Sends the parts the journal lacks until the file held still through a whole round. The
 * parts already journaled (by an earlier run) are proven first; after each part the stamp is
 * read again (one `stat`), and a moved stamp stops the round early: the parts in flight
 * finish, the parts sent are proven again, and the next round sends the rest.
 */
async function sendPartsHeldStill(ctx: ImportContext): Promise<{ sentAny: boolean }> {
  const { journal, settings } = ctx;
  const path = readSourceOf(journal).path;
  let stamp = await settledStamp(path, settings.sleep, ctx.signal);
  checkSize(journal, stamp);
  await verifySentParts(ctx);
  const provenParts = Object.keys(journal.parts).length;
  let changed: readonly number[] = [];
  for (let round = 1; ; round += 1) {
    if (Object.keys(journal.parts).length < journal.partCount) ctx.setState('uploading');
    const held = stamp;
    await uploadMissingParts(ctx, async () => !stampChange(held, await readStamp(path)));
    const after = await readStamp(path);
    // A round stopped early always goes on, even if the path names the first file again.
    const missing = Object.keys(journal.parts).length < journal.partCount;
    const change = stampChange(stamp, after) ?? (missing ? 'changed' : undefined);
    if (change === undefined) {
      return { sentAny: round > 1 || Object.keys(journal.parts).length !== provenParts };
    }
    checkSize(journal, after);
    if (round > MAX_CHANGE_ROUNDS) throw keptChanging(journal, changed);
    settings.logger.warn('The file changed during its upload; reading the parts sent again', {
      transferId: journal.id,
      change,
      round,
    });
    stamp = await settledStamp(path, settings.sleep, ctx.signal);
    checkSize(journal, stamp);
    // Read under the new stamp, so the final checks compare with the bytes being sent.
    const identity = await readFileIdentity(path);
    changed = (await verifySentParts(ctx, { replaced: change === 'replaced' })).changed;
    noteReadIdentity(journal, identity);
    await ctx.save();
  }
}

/**
 * Sends the parts the journal lacks, then reads every part again and compares it with the MD5
 * sent, before the upload may be completed. The stamp cannot see every writer: a write through
 * a shared memory mapping to a page already dirty moves neither the change nor the
 * modification time, so a part sent before such a write would be assembled with the new bytes
 * of the others. A part that differs is sent again and the whole file proven once more; a file
 * that keeps differing is refused, naming the parts. Costs one more read of the file (see
 * `bench:upload`), left out when the upload reads a clone (source-clone.ts).
 */
export async function sendPartsProven(ctx: ImportContext): Promise<void> {
  const { journal, settings } = ctx;
  for (let pass = 1; ; pass += 1) {
    // Nothing sent since the parts were proven (a resumed upload with every part sent): the
    // proof stands.
    if (!(await sendPartsHeldStill(ctx)).sentAny) return;
    // A clone is a snapshot no writer of the file reaches, and its stamp held through every
    // part: what was sent from it is its bytes, without reading them again. (The parts an
    // earlier run sent were proven against it before any was sent.)
    if (journal.clone) return;
    const { changed } = await verifySentParts(ctx);
    if (changed.length === 0) return;
    if (pass >= MAX_CHANGE_ROUNDS) throw keptChanging(journal, changed);
    settings.logger.warn('Parts differed from the file when read again before completing', {
      transferId: journal.id,
      parts: partList(changed),
      pass,
    });
  }
}

/**
 * Sends a single-stream upload until the file held still through the whole stream: a file
 * that moved while it streamed is streamed again from its first byte (and counted as a part
 * sent again), or refused once it kept moving.
 */
export async function sendSingleHeldStill(ctx: ImportContext): Promise<void> {
  const { journal, settings } = ctx;
  const path = readSourceOf(journal).path;
  for (let round = 1; ; round += 1) {
    const stamp = await settledStamp(path, settings.sleep, ctx.signal);
    checkSize(journal, stamp);
    if (round > 1) noteReadIdentity(journal, await readFileIdentity(path));
    await runSingleUpload(ctx);
    const after = await readStamp(path);
    const change = stampChange(stamp, after);
    if (change === undefined) return;
    checkSize(journal, after);
    if (round > MAX_CHANGE_ROUNDS) throw keptChanging(journal, []);
    settings.logger.warn('The file changed while it streamed; sending it again', {
      transferId: journal.id,
      change,
      round,
    });
    journal.resentParts = (journal.resentParts ?? 0) + 1;
  }
}

/** VALIDATION when the file no longer has the size its parts were planned for. */
function checkSize(journal: ImportJournal, stamp: SourceStamp): void {
  const size = Number(stamp.size);
  if (size === journal.source.size) return;
  throw new AppError({
    code: 'VALIDATION',
    message: `The file ${basename(journal.sourcePath)} changed size during its upload (from ${journal.source.size} to ${size} bytes), so what was sent no longer fits it. Start a new import once whatever writes the file has finished.`,
  });
}

function keptChanging(journal: ImportJournal, changed: readonly number[]): AppError {
  const parts =
    changed.length === 0
      ? ''
      : ` (the last time, ${changed.length === 1 ? 'part' : 'parts'} ${partList(changed)} had changed after they were sent)`;
  return new AppError({
    code: 'VALIDATION',
    message: `The file ${basename(journal.sourcePath)} kept changing during its upload: it was read again ${MAX_CHANGE_ROUNDS} times${parts}. Nothing was imported. Wait until whatever writes the file (a backup, a copy) has finished, then retry the import.`,
  });
}
