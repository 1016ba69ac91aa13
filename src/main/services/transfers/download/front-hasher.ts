import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/*
 * The MD5 of a file written out of order (a download in ranges), computed in order: the bytes
 * that land where the hash stands are hashed from memory as they are written; the bytes written
 * ahead of it are read back from the file (the page cache) once everything before them is there.
 */

const READ_BYTES = 1024 * 1024;

/** In-order MD5 of the bytes on disk from the file's start to `contiguousEnd()`. */
export class FrontHasher {
  readonly #handle: FileHandle;
  readonly #contiguousEnd: () => number;
  #hash: Hash = createHash('md5');
  #hashed = 0;
  /** Where the chunks hashed ahead of their write start, until the write ends. */
  #aheadAt: number | undefined;
  #reading: Promise<void> | undefined;
  #failure: Error | undefined;
  #buffer: Buffer | undefined;

  /** `contiguousEnd`: where the bytes on disk stop being contiguous from byte 0. */
  constructor(handle: FileHandle, contiguousEnd: () => number) {
    this.#handle = handle;
    this.#contiguousEnd = contiguousEnd;
  }

  /** The bytes hashed so far. */
  get hashed(): number {
    return this.#hashed;
  }

  /**
   * Chunks about to be written at `position`: when they continue the hash, they are hashed now,
   * while the write runs on the thread pool (as one stream does). Answers the undo for a write
   * that fails, or undefined when they will be hashed once written.
   */
  hashAhead(chunks: readonly Buffer[], position: number): (() => void) | undefined {
    if (this.#reading || this.#aheadAt !== undefined || position !== this.#hashed) return;
    const before = this.#hash.copy();
    this.#update(chunks);
    this.#aheadAt = position;
    return () => {
      this.#hash = before;
      this.#hashed = position;
      this.#aheadAt = undefined;
    };
  }

  /** Chunks just written at `position` (and counted in `contiguousEnd`). */
  stored(chunks: readonly Buffer[], position: number): void {
    if (position === this.#aheadAt) this.#aheadAt = undefined;
    else if (!this.#reading && this.#aheadAt === undefined && position === this.#hashed)
      this.#update(chunks);
    this.catchUp();
  }

  #update(chunks: readonly Buffer[]): void {
    for (const chunk of chunks) this.#hash.update(chunk);
    this.#hashed += chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  /** Hashes what is on disk and not hashed yet; answers the hash (a copy) and its extent. */
  async settle(): Promise<{ hash: Hash; hashed: number }> {
    this.catchUp();
    while (this.#reading) await this.#reading;
    if (this.#failure) throw this.#failure;
    this.#buffer = undefined;
    return { hash: this.#hash.copy(), hashed: this.#hashed };
  }

  /** Starts reading back the contiguous bytes ahead of the hash, unless a read is under way. */
  catchUp(): void {
    // Not while chunks hashed ahead are being written: the bytes after them wait for them.
    if (this.#reading || this.#failure || this.#aheadAt !== undefined) return;
    if (this.#contiguousEnd() <= this.#hashed) return;
    this.#reading = this.#readBack()
      .catch((error: unknown) => {
        this.#failure = error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        this.#reading = undefined;
        this.catchUp();
      });
  }

  async #readBack(): Promise<void> {
    this.#buffer ??= Buffer.allocUnsafe(READ_BYTES);
    let end = this.#contiguousEnd();
    while (end > this.#hashed) {
      const length = Math.min(this.#buffer.length, end - this.#hashed);
      const { bytesRead } = await this.#handle.read(this.#buffer, 0, length, this.#hashed);
      if (bytesRead === 0) throw new Error('The .part file is shorter than the bytes written');
      this.#hash.update(this.#buffer.subarray(0, bytesRead));
      this.#hashed += bytesRead;
      end = this.#contiguousEnd();
    }
  }
}
