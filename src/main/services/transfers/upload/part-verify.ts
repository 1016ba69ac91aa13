import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../../shared/errors';
import { abortReason } from '../../common/sleep';
import type { ImportJournal } from '../journal-schema';
import { partRange, type PartRange } from '../part-plan';
import { bareEtag } from '../presigned-http';
import type { TransferContext } from '../transfer-context';
import { readSourceOf } from './source-clone';

/** Bytes read at once when sent parts are read again (one buffer, reused). */
const VERIFY_CHUNK_BYTES = 4 * 1024 * 1024;

/** What a check of the parts sent before found. */
export interface PartCheck {
  /** Parts whose bytes on disk are the ones sent: they stay counted as sent. */
  readonly verified: number;
  /** Parts whose bytes changed since they were sent: dropped from the journal, sent again. */
  readonly changed: readonly number[];
  readonly bytesRead: number;
}

/** MD5 (hex) of a part's bytes as they are on disk now. */
async function md5OfRange(
  handle: FileHandle,
  range: PartRange,
  buffer: Buffer,
  signal: AbortSignal,
  onBytes: (bytes: number) => void,
): Promise<string> {
  const hash = createHash('md5');
  let position = range.start;
  const end = range.start + range.length;
  while (position < end) {
    if (signal.aborted) throw abortReason(signal);
    const want = Math.min(buffer.length, end - position);
    const { bytesRead } = await handle.read(buffer, 0, want, position);
    if (bytesRead === 0) break; // Shorter than planned: the MD5 differs, the part is re-sent.
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
    onBytes(bytesRead);
  }
  return hash.digest('hex');
}

/**
 * The MD5 a part had when it was sent: the one the engine computed while sending (journaled
 * beside the ETag), else the ETag itself when the host's ETag is an MD5 (journals of older
 * versions). Undefined when neither is known: the part cannot be proven and is sent again.
 */
function sentMd5(journal: ImportJournal, part: number): string | undefined {
  const journaled = journal.partMd5?.[String(part)];
  if (journaled !== undefined) return journaled;
  const etag = bareEtag(journal.parts[String(part)] ?? '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(etag) ? etag : undefined;
}

/** Forgets that `parts` were sent: the next upload sends them again. */
function dropParts(journal: ImportJournal, parts: readonly number[]): void {
  for (const part of parts) {
    delete journal.parts[String(part)];
    delete journal.partMd5?.[String(part)];
  }
}

/** Part numbers as short text: `3`, `3-5`, `2, 7-9`. */
export function partList(parts: readonly number[]): string {
  const runs: string[] = [];
  const sorted = [...parts].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j += 1;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** Options of {@link verifySentParts}. */
export interface VerifyOptions {
  /** The path now names another file than the one the parts were read from (for messages). */
  replaced?: boolean;
}

/**
 * Proves that the bytes on disk are the ones sent, before a resumed import counts any part as
 * sent, and again whenever the file's stamp moved during an upload: each journaled part is
 * read again and its MD5 compared with the one sent (which the storage host's ETag
 * confirmed). A part that changed (a file rewritten in place, its modification time restored,
 * as backup tools and `touch -r` do) is dropped from the journal, counted as sent again, and
 * sent again, so the service never assembles old and new bytes. When every part sent before
 * changed (two or more), the file is not the one the upload started with: VALIDATION, naming
 * it. Reading is far cheaper than sending (see `bench:upload`).
 */
export async function verifySentParts(
  ctx: TransferContext<ImportJournal>,
  options: VerifyOptions = {},
): Promise<PartCheck> {
  const { journal } = ctx;
  const sent = Object.keys(journal.parts)
    .map(Number)
    .sort((a, b) => a - b);
  if (sent.length === 0) return { verified: 0, changed: [], bytesRead: 0 };
  ctx.setState('verifying');
  ctx.setBytes(0, journal.source.size);
  const { changed, bytesRead } = await changedParts(ctx, sent);
  if (changed.length > 0 && changed.length === sent.length && sent.length >= 2) {
    const how = options.replaced
      ? 'was replaced by another file'
      : 'is not the file this upload started with';
    throw new AppError({
      code: 'VALIDATION',
      message: `The file ${basename(journal.sourcePath)} ${how}: all ${sent.length} parts sent before differ from it now. Start a new import of the file.`,
    });
  }
  if (changed.length > 0) {
    dropParts(journal, changed);
    journal.resentParts = (journal.resentParts ?? 0) + changed.length;
    await ctx.save();
    ctx.settings.logger.warn('Parts of the file changed since they were sent; sending them again', {
      transferId: journal.id,
      changed: changed.length,
      verified: sent.length - changed.length,
    });
  }
  return { verified: sent.length - changed.length, changed, bytesRead };
}

/** Reads `sent` parts again; answers those whose MD5 differs from the one sent. */
async function changedParts(
  ctx: TransferContext<ImportJournal>,
  sent: readonly number[],
): Promise<{ changed: number[]; bytesRead: number }> {
  const { journal } = ctx;
  const changed: number[] = [];
  let bytesRead = 0;
  const handle = await open(readSourceOf(journal).path, 'r');
  const buffer = Buffer.allocUnsafe(VERIFY_CHUNK_BYTES);
  try {
    for (const part of sent) {
      const range = partRange(journal.source.size, journal.partSize, part);
      const md5 = await md5OfRange(handle, range, buffer, ctx.signal, (bytes) => {
        bytesRead += bytes;
        ctx.addBytes(bytes);
      });
      if (md5 !== sentMd5(journal, part)) changed.push(part);
    }
  } finally {
    await handle.close();
  }
  return { changed, bytesRead };
}
