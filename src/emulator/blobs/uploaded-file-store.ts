import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_PART_SIZE_BYTES } from '../../shared/contract/records/uploads';
import { writeStreamAtomically, type WrittenFile } from './atomic-write';
import { fileSafeName, uploadKeyId, type UploadKey } from './blob-types';

const COPY_BUFFER_BYTES = 1024 * 1024;

/** Appends the file at `path` to `out`, through `buffer`. */
async function appendFile(out: FileHandle, path: string, buffer: Buffer): Promise<void> {
  const source = await open(path, 'r');
  try {
    for (;;) {
      const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      await out.write(buffer, 0, bytesRead);
    }
  } finally {
    await source.close();
  }
}

/**
 * The finished uploads: one file per instance, database and file type under
 * `<dataDir>/files/<instance>/<database>.<ext>`, written by either flow (single-stream PUT or
 * multipart complete). The import job reads the last one.
 */
export class UploadedFileStore {
  readonly #root: string;
  readonly #last = new Map<string, string>();

  constructor(options: { dataDir: string }) {
    this.#root = join(options.dataDir, 'files');
  }

  /** Path of the last completed upload for `key`, if any. */
  last(key: UploadKey): string | undefined {
    return this.#last.get(uploadKeyId(key));
  }

  /** Streams a whole file (single-stream PUT) into place; at most 5 GiB, as an object store. */
  async writeWhole(key: UploadKey, source: Readable): Promise<WrittenFile> {
    const target = await this.#target(key);
    const written = await writeStreamAtomically(source, target, {
      maxBytes: MAX_PART_SIZE_BYTES,
      what: 'The file',
    });
    this.#last.set(uploadKeyId(key), target);
    return written;
  }

  /** Concatenates `parts` in order into the file of `key`, streaming, and records it. */
  async assemble(key: UploadKey, parts: readonly string[]): Promise<string> {
    const target = await this.#target(key);
    const temporary = `${target}.${randomUUID()}.tmp`;
    const out = await open(temporary, 'w');
    try {
      // One buffer, reused for every read: copying gigabytes leaves no garbage behind.
      const buffer = Buffer.allocUnsafe(COPY_BUFFER_BYTES);
      for (const part of parts) await appendFile(out, part, buffer);
      await out.close();
      await rename(temporary, target);
    } catch (error) {
      await out.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    this.#last.set(uploadKeyId(key), target);
    return target;
  }

  async #target(key: UploadKey): Promise<string> {
    const folder = join(this.#root, fileSafeName(key.instance));
    await mkdir(folder, { recursive: true });
    return join(folder, `${fileSafeName(key.database)}.${key.ext}`);
  }
}
