import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { silentLogger } from '../../src/main/services/log/logger';
import type { ImportJournal } from '../../src/main/services/transfers/journal-schema';
import { partRange } from '../../src/main/services/transfers/part-plan';
import { verifySentParts } from '../../src/main/services/transfers/upload/part-verify';
import type { TransferContext } from '../../src/main/services/transfers/transfer-context';

/** What {@link measureVerify} found. */
export interface VerifyRun {
  readonly bytes: number;
  readonly ms: number;
  readonly parts: number;
}

/** The MD5 of every part, as the engine journals them while sending. */
async function partMd5s(path: string, size: number, partSize: number): Promise<string[]> {
  const handle = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(partSize);
  try {
    const md5s: string[] = [];
    for (let part = 1; part <= Math.ceil(size / partSize); part += 1) {
      const range = partRange(size, partSize, part);
      const { bytesRead } = await handle.read(buffer, 0, range.length, range.start);
      md5s.push(createHash('md5').update(buffer.subarray(0, bytesRead)).digest('hex'));
    }
    return md5s;
  } finally {
    await handle.close();
  }
}

/**
 * The cost of a verified resume: the engine's own check (verifySentParts) of a
 * journal in which every part of the file was sent, i.e. the whole file read again and hashed,
 * against the MD5s the engine journaled while sending. Timed alone in this process. The MD5s
 * are read from `md5From` (default `path` itself, which that read leaves in the page cache):
 * a clone's are its file's, and reading them there leaves the clone's own pages unread.
 */
export async function measureVerify(
  path: string,
  size: number,
  partSize: number,
  md5From = path,
): Promise<VerifyRun> {
  const md5s = await partMd5s(md5From, size, partSize);
  const entries = md5s.map((md5, i) => [String(i + 1), md5] as const);
  const journal = {
    id: 'bench',
    sourcePath: path,
    source: { size },
    partSize,
    partCount: md5s.length,
    parts: Object.fromEntries(entries.map(([n, md5]) => [n, `"${md5}"`])),
    partMd5: Object.fromEntries(entries),
  } as unknown as ImportJournal;
  const ctx = {
    journal,
    signal: new AbortController().signal,
    settings: { logger: silentLogger },
    setState: () => undefined,
    setBytes: () => undefined,
    addBytes: () => undefined,
    save: () => Promise.resolve(),
  } as unknown as TransferContext<ImportJournal>;
  const started = performance.now();
  const check = await verifySentParts(ctx);
  const ms = performance.now() - started;
  if (check.changed.length > 0) throw new Error('verify bench: parts reported changed');
  return { bytes: check.bytesRead, ms, parts: check.verified };
}
