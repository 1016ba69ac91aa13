import type { IncomingMessage } from 'node:http';

/** What an upload is for: the instance, the database name and the file type. */
export type UploadKey = { instance: string; database: string; ext: 'mdf' | 'bak' | 'dacpac' };

/** An export file set to write (BlobStore.createExport). */
interface ExportSpec {
  instance: string;
  database: string;
  ext: 'mdf' | 'bak' | 'dacpac';
  sizeMb: number;
  jobId: string;
}

/**
 * The part of the blob store (src/emulator/blobs/blob-store.ts) the operations use, as the
 * core sees it. The core depends on this shape, not on the class, so
 * handlers can be tested with a stand-in and the two halves are built independently.
 */
export interface BlobPort {
  initUpload(key: UploadKey): { uploadId: string };
  partUrl(key: UploadKey, uploadId: string, partNumber: number): string;
  receivePart(
    key: UploadKey,
    uploadId: string,
    partNumber: number,
    req: IncomingMessage,
  ): Promise<string>;
  completeUpload(key: UploadKey, uploadId: string, etags: Record<string, string>): Promise<void>;
  singleUploadUrl(key: UploadKey): { url: string; expiresAt: string };
  lastUpload(key: UploadKey): string | undefined;
  createExport(spec: ExportSpec): Promise<string[]>;
  refreshDownloadUris(jobId: string): string[];
}
