import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';

/** How much of each end of a file the fingerprint reads. */
const FINGERPRINT_BYTES = 1024 * 1024;

/**
 * What we remember of a source file to tell, days later, whether it is still the same file:
 * size, modification time, and SHA-256 of its first and last MiB. Hashing the whole file would
 * cost as much as the upload; the two ends catch a rewrite, a truncation or an append, and the
 * modification time catches the rest.
 */
export const FileIdentitySchema = z.object({
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  headSha256: z.string().regex(/^[0-9a-f]{64}$/),
  tailSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
/** See {@link FileIdentitySchema}. */
export type FileIdentity = z.infer<typeof FileIdentitySchema>;

async function hashRange(
  handle: Awaited<ReturnType<typeof open>>,
  start: number,
  length: number,
): Promise<string> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return createHash('sha256').update(buffer.subarray(0, filled)).digest('hex');
}

/** The identity of an open file whose `stat` was just read (at most 2 MiB are read). */
export async function identityOfOpenFile(
  handle: Awaited<ReturnType<typeof open>>,
  info: { size: number; mtimeMs: number },
): Promise<FileIdentity> {
  const size = info.size;
  const edge = Math.min(FINGERPRINT_BYTES, size);
  return {
    size,
    mtimeMs: info.mtimeMs,
    headSha256: await hashRange(handle, 0, edge),
    tailSha256: await hashRange(handle, size - edge, edge),
  };
}

/** Reads the identity of the file at `path` (at most 2 MiB are read). */
export async function readFileIdentity(path: string): Promise<FileIdentity> {
  const handle = await open(path, 'r');
  try {
    return await identityOfOpenFile(handle, await handle.stat());
  } finally {
    await handle.close();
  }
}

/** Names of the identity fields that differ between `expected` and `actual`. */
export function identityDifferences(expected: FileIdentity, actual: FileIdentity): string[] {
  const differences: string[] = [];
  if (expected.size !== actual.size) differences.push('size');
  if (expected.mtimeMs !== actual.mtimeMs) differences.push('modified time');
  if (expected.headSha256 !== actual.headSha256 || expected.tailSha256 !== actual.tailSha256) {
    differences.push('content');
  }
  return differences;
}

/**
 * Throws when the file at `path` is no longer the file described by `expected`, so that an
 * upload is never finished half with the old bytes and half with the new ones.
 * VALIDATION when it changed, NOT_FOUND when it is gone.
 */
export async function assertUnchanged(path: string, expected: FileIdentity): Promise<void> {
  const name = basename(path);
  try {
    await stat(path);
  } catch {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The file ${name} is no longer at ${path}. Put it back to continue, or start a new import.`,
    });
  }
  const differences = identityDifferences(expected, await readFileIdentity(path));
  if (differences.length > 0) {
    throw new AppError({
      code: 'VALIDATION',
      message: `The file ${name} changed since the upload started (${differences.join('/')} differ); start a new import.`,
    });
  }
}
