import { open, stat } from 'node:fs/promises';
import { SIGNATURE_BYTES, checkFileType } from '../../shared/contract/file-signature';
import type { BlobPort, UploadKey } from '../blob-port';
import { JobError } from './job-runner';

const EXTENSIONS = ['mdf', 'bak', 'dacpac'] as const;

/** The uploaded file an import uses, with its type and size. */
export interface ImportFile {
  readonly path: string;
  readonly ext: UploadKey['ext'];
  readonly sizeBytes: number;
}

/**
 * The file to import: the last completed upload for the instance, database and type. Without
 * `ext` (importFrom omitted) the newest upload of any type. Fails the job when there is none.
 */
export async function findImportFile(
  blobs: BlobPort,
  instance: string,
  database: string,
  ext: UploadKey['ext'] | undefined,
): Promise<ImportFile> {
  let best: ImportFile | undefined;
  let bestTime = -1;
  for (const candidate of ext === undefined ? EXTENSIONS : [ext]) {
    const path = blobs.lastUpload({ instance, database, ext: candidate });
    if (path === undefined) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && info.mtimeMs > bestTime) {
      best = { path, ext: candidate, sizeBytes: info.size };
      bestTime = info.mtimeMs;
    }
  }
  if (!best) {
    const type = ext === undefined ? '' : ` (${ext.toUpperCase()})`;
    throw new JobError(
      `No uploaded file for database ${database} on ${instance}${type}: upload the file first, then start the import.`,
    );
  }
  return best;
}

/** Checks that the file looks like its type from its first bytes; fails the job otherwise. */
export async function checkImportFile(file: ImportFile): Promise<void> {
  const handle = await open(file.path, 'r');
  try {
    const head = new Uint8Array(Math.min(SIGNATURE_BYTES, file.sizeBytes));
    await handle.read(head, 0, head.length, 0);
    const check = checkFileType(file.ext, head);
    if (!check.ok) throw new JobError(check.message);
  } finally {
    await handle.close();
  }
}
