import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileExtension } from '../../shared/contract/enums';
import { writeStreamAtomically } from './atomic-write';
import { fileSafeName, quoteEtag } from './blob-types';
import { createSyntheticFileStream, minSyntheticSize } from './synthetic-file';

/** Exported files are small stand-ins: at most this many MiB, whatever the database's size. */
const MAX_EXPORT_MIB = 16;
const MIB = 1024 * 1024;

/** What an export job asks for. */
export interface ExportRequest {
  instance: string;
  database: string;
  ext: FileExtension;
  /** The database's size; the file is `min(sizeMb, 16)` MiB. */
  sizeMb: number;
  jobId: string;
}

/** One exported file, ready to be served. */
export interface ExportedFile {
  jobId: string;
  /** File name in the URL and in Content-Disposition, e.g. `Sales.bak`. */
  name: string;
  path: string;
  size: number;
  /** Quoted MD5 of the whole file, computed once while it was written. */
  etag: string;
}

/** The files of export jobs, under `<dataDir>/exports/<jobId>/`. */
export class ExportStore {
  readonly #root: string;
  readonly #byJob = new Map<string, ExportedFile[]>();

  readonly #maxMib: number;

  /** `maxMib`: the cap on an export's size (default {@link MAX_EXPORT_MIB}; benches raise it). */
  constructor(options: { dataDir: string; maxMib?: number | undefined }) {
    this.#root = join(options.dataDir, 'exports');
    this.#maxMib = options.maxMib ?? MAX_EXPORT_MIB;
  }

  /** Writes the export's synthetic file (streamed, never whole in memory) and records it. */
  async create(request: ExportRequest): Promise<ExportedFile[]> {
    const folder = join(this.#root, fileSafeName(request.jobId));
    await mkdir(folder, { recursive: true });
    const name = `${request.database}.${request.ext}`;
    const path = join(folder, `${fileSafeName(request.database)}.${request.ext}`);
    const wanted = Math.round(Math.min(Math.max(request.sizeMb, 0), this.#maxMib) * MIB);
    const size = Math.max(wanted, minSyntheticSize(request.ext));
    const source = createSyntheticFileStream({
      type: request.ext,
      sizeBytes: size,
      // The same database exports the same bytes every time.
      seed: `${request.instance}/${request.database}`.toLowerCase(),
    });
    const written = await writeStreamAtomically(source, path, {
      maxBytes: size,
      what: 'The export',
      // The job is done once its file is stored: its writeback does not run under the download.
      durable: true,
    });
    const files = [{ jobId: request.jobId, name, path, size, etag: quoteEtag(written.md5Hex) }];
    this.#byJob.set(request.jobId, files);
    return files;
  }

  /** The files of an export job (empty when the job exported nothing). */
  files(jobId: string): readonly ExportedFile[] {
    return this.#byJob.get(jobId) ?? [];
  }

  /** One file of an export job by its name. */
  find(jobId: string, name: string): ExportedFile | undefined {
    return this.files(jobId).find((file) => file.name === name);
  }

  /** Forgets every export and removes the files. */
  async clear(): Promise<void> {
    this.#byJob.clear();
    await rm(this.#root, { recursive: true, force: true });
  }
}
