import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createSyntheticFileStream } from '../../src/emulator/blobs/synthetic-file';
import type { FileExtension } from '../../src/shared/contract/enums';

/*
 * Sample database files for tests and benches: well-formed for their type (the signature that
 * src/shared/contract/file-signature.ts checks; a DACPAC is a real one-entry zip) followed by
 * deterministic pseudo-random bytes, so a file of a given type, size and seed always has the
 * same SHA-256 and does not compress to nothing. Written as a stream: any size, little memory.
 */

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

/**
 * Writes a synthetic database file of `type` and exactly `sizeBytes` bytes to `path` and
 * answers its SHA-256 (hex). The same type, size and seed always give the same bytes.
 */
export async function writeSampleDatabaseFile(
  path: string,
  type: FileExtension,
  sizeBytes: number,
  seed = 'sample',
): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    createSyntheticFileStream({ type, sizeBytes, seed }),
    hashing(hash),
    createWriteStream(path, { highWaterMark: 1024 * 1024 }),
  );
  return hash.digest('hex');
}

/** SHA-256 (hex) of a file, read as a stream. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    createReadStream(path, { highWaterMark: 1024 * 1024 }),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback();
      },
    }),
  );
  return hash.digest('hex');
}
