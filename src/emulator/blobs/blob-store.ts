import type { IncomingMessage, ServerResponse } from 'node:http';
import { BLOB_PREFIX, exportPath, partPath, singlePath } from './blob-paths';
import { serveBlobRequest, type BlobRouteContext } from './blob-routes';
import { sendS3Error } from './blob-responses';
import type { PartFaultHooks, UploadKey } from './blob-types';
import { ExportStore, type ExportRequest } from './export-store';
import { MultipartUploadStore, checkPartNumber } from './multipart-upload-store';
import { UploadedFileStore } from './uploaded-file-store';
import { UrlSigner } from './url-signer';

export type { UploadKey } from './blob-types';

/** Options of {@link BlobStore}. */
export interface BlobStoreOptions {
  /** Folder for parts, uploaded files and exports (the emulator's data folder). */
  dataDir: string;
  /** Smallest size of every part but the last, in bytes (5 MiB in the service). */
  minPartSize: number;
  /** Lifetime of a pre-signed URL in seconds. */
  urlTtlSec: number;
  /** The emulator's origin (`http://127.0.0.1:PORT`), read when a URL is made. */
  origin: () => string;
  /** Clock in epoch milliseconds. */
  now: () => number;
  faults: PartFaultHooks;
  /** The cap on an exported file's size in MiB (default 16: small stand-ins). */
  maxExportMib?: number | undefined;
  /**
   * Bytes per second each GET of an exported file is paced to, per connection, read on each
   * request (the `downloadConnectionMiBps` fault switch); 0 or absent: no limit.
   */
  downloadPace?: (() => number) | undefined;
}

/**
 * The emulator's object store: multipart and single-stream uploads, export files, and the
 * pre-signed URLs (HMAC-signed, expiring, no `Authorization`) that reach them on the
 * emulator's own port under /_blobs/. Bytes always stream to and from the data folder.
 * Methods throw EmulatorHttpError (../http-error.ts: 404 unknown upload, 400 part rules, 409 busy).
 */
export class BlobStore {
  readonly #origin: () => string;
  readonly #signer: UrlSigner;
  readonly #files: UploadedFileStore;
  readonly #uploads: MultipartUploadStore;
  readonly #exports: ExportStore;
  readonly #downloadPace: () => number;
  readonly #pending = new Set<Promise<unknown>>();
  readonly #requests = new Set<IncomingMessage>();
  #closed = false;

  constructor(options: BlobStoreOptions) {
    this.#origin = options.origin;
    this.#downloadPace = options.downloadPace ?? (() => 0);
    this.#signer = new UrlSigner({ ttlSec: options.urlTtlSec, now: options.now });
    this.#files = new UploadedFileStore({ dataDir: options.dataDir });
    this.#uploads = new MultipartUploadStore({
      dataDir: options.dataDir,
      minPartSize: options.minPartSize,
      faults: options.faults,
      files: this.#files,
    });
    this.#exports = new ExportStore({ dataDir: options.dataDir, maxMib: options.maxExportMib });
  }

  /** Starts a multipart upload; `uploadId` is a UUID. */
  initUpload(key: UploadKey): { uploadId: string } {
    return this.#uploads.init(key);
  }

  /** The absolute pre-signed PUT URL of one part (404 for an unknown upload). */
  partUrl(key: UploadKey, uploadId: string, partNumber: number): string {
    this.#uploads.assertOpen(key, uploadId);
    checkPartNumber(partNumber);
    return this.#signed('PUT', partPath(uploadId, partNumber));
  }

  /**
   * Receives one part through the service's proxied PUT, streaming it to disk; answers the
   * quoted MD5 ETag. A JSON base64 string body is accepted as well as raw bytes.
   */
  receivePart(
    key: UploadKey,
    uploadId: string,
    partNumber: number,
    req: IncomingMessage,
  ): Promise<string> {
    return this.#track(this.#uploads.receive(key, uploadId, partNumber, req, true));
  }

  /** Checks the ETags and assembles the parts into the file that `lastUpload(key)` names. */
  async completeUpload(
    key: UploadKey,
    uploadId: string,
    etags: Record<string, string>,
  ): Promise<void> {
    await this.#track(this.#uploads.complete(key, uploadId, etags));
  }

  /** A pre-signed PUT URL for the whole file of `key`, and when it expires (ISO 8601). */
  singleUploadUrl(key: UploadKey): { url: string; expiresAt: string } {
    const path = singlePath(key);
    const { expires, sig } = this.#signer.sign('PUT', path);
    return {
      url: `${this.#origin()}${path}?expires=${expires}&sig=${sig}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** Path of the last completed upload (either flow) of `key`, if any. */
  lastUpload(key: UploadKey): string | undefined {
    return this.#files.last(key);
  }

  /** Writes an export's synthetic file(s) and answers their pre-signed GET URLs. */
  async createExport(request: ExportRequest): Promise<string[]> {
    await this.#track(this.#exports.create(request));
    return this.refreshDownloadUris(request.jobId);
  }

  /** Fresh pre-signed GET URLs for the files of an export job (empty for an unknown job). */
  refreshDownloadUris(jobId: string): string[] {
    return this.#exports
      .files(jobId)
      .map((file) => this.#signed('GET', exportPath(jobId, file.name)));
  }

  /** Serves a request under /_blobs/; answers false (and does nothing) for any other path. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (!(req.url ?? '').startsWith(BLOB_PREFIX)) return false;
    if (this.#closed) {
      sendS3Error(res, 503, 'ServiceUnavailable', 'The emulator is shutting down');
      return true;
    }
    this.#requests.add(req);
    try {
      await this.#track(serveBlobRequest(this.#contextFor(), req, res));
    } finally {
      this.#requests.delete(req);
    }
    return true;
  }

  /** Every pre-signed URL issued so far is expired from now on. */
  expireUrls(): void {
    this.#signer.expireAll();
  }

  /** Ends transfers in flight, waits for them to settle, and removes the upload parts. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const req of this.#requests) req.destroy();
    await Promise.allSettled([...this.#pending]);
    await this.#uploads.clear();
  }

  #contextFor(): BlobRouteContext {
    return {
      signer: this.#signer,
      uploads: this.#uploads,
      files: this.#files,
      exports: this.#exports,
      downloadPace: this.#downloadPace,
    };
  }

  #signed(method: 'GET' | 'PUT', path: string): string {
    return `${this.#origin()}${path}?${this.#signer.query(method, path)}`;
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#pending.add(work);
    const forget = (): void => {
      this.#pending.delete(work);
    };
    work.then(forget, forget);
    return work;
  }
}
