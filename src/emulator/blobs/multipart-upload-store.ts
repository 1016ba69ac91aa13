import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_PART_NUMBER,
  MAX_PART_SIZE_BYTES,
  MIN_PART_NUMBER,
  isPartNumberKey,
} from '../../shared/contract/records/uploads';
import { EmulatorHttpError } from '../http-error';
import { writeStreamAtomically } from './atomic-write';
import {
  quoteEtag,
  unquoteEtag,
  uploadKeyId,
  type PartFaultHooks,
  type UploadKey,
} from './blob-types';
import { base64JsonDecoder, declaredLength, drain, isJsonBody, resetMidway } from './request-body';
import type { UploadedFileStore } from './uploaded-file-store';

interface StoredPart {
  path: string;
  size: number;
  md5Hex: string;
}

interface Upload {
  id: string;
  key: UploadKey;
  dir: string;
  parts: Map<number, StoredPart>;
  completing: boolean;
}

/** Options of {@link MultipartUploadStore}. */
export interface MultipartUploadStoreOptions {
  dataDir: string;
  minPartSize: number;
  faults: PartFaultHooks;
  files: UploadedFileStore;
}

/** `part-00001`: zero-padded so the folder lists in part order. */
function partFileName(partNumber: number): string {
  return `part-${String(partNumber).padStart(5, '0')}`;
}

function describeKey(key: UploadKey): string {
  return `${key.database}.${key.ext} on ${key.instance}`;
}

/**
 * Multipart uploads with the object-store rules of records.md: parts 1..10,000 of at most
 * 5 GiB, streamed to `<dataDir>/uploads/<uploadId>/part-NNNNN`; complete checks the ETags and
 * sizes and assembles the parts in order into the upload's file.
 */
export class MultipartUploadStore {
  readonly #options: MultipartUploadStoreOptions;
  readonly #uploads = new Map<string, Upload>();

  constructor(options: MultipartUploadStoreOptions) {
    this.#options = options;
  }

  /** Starts an upload for `key`; its parts go to a folder of their own. */
  init(key: UploadKey): { uploadId: string } {
    const id = randomUUID();
    const dir = join(this.#options.dataDir, 'uploads', id);
    this.#uploads.set(id, { id, key: { ...key }, dir, parts: new Map(), completing: false });
    return { uploadId: id };
  }

  /** The key of an open upload (for the pre-signed part URL, which names only the upload). */
  keyOf(uploadId: string): UploadKey | undefined {
    return this.#uploads.get(uploadId)?.key;
  }

  /** Throws 404 unless `uploadId` is an open upload of `key` (409 while it completes). */
  assertOpen(key: UploadKey, uploadId: string): void {
    this.#open(key, uploadId);
  }

  /**
   * Receives one part from `req`, streaming it to disk, and answers its quoted MD5 ETag. A part
   * sent again replaces the old one. `acceptJson` allows a JSON base64 string body (the
   * service's proxied PUT; a pre-signed URL stores the raw bytes, like an object store).
   */
  async receive(
    key: UploadKey,
    uploadId: string,
    partNumber: number,
    req: IncomingMessage,
    acceptJson: boolean,
  ): Promise<string> {
    const upload = this.#open(key, uploadId);
    checkPartNumber(partNumber);
    const length = declaredLength(req);
    if (length !== undefined && length > MAX_PART_SIZE_BYTES) {
      throw new EmulatorHttpError(
        400,
        `Part ${partNumber} is ${length} bytes; a part may be at most 5 GiB (${MAX_PART_SIZE_BYTES} bytes)`,
      );
    }
    await this.#applyFault(req, partNumber);
    await mkdir(upload.dir, { recursive: true });
    const target = join(upload.dir, partFileName(partNumber));
    const written = await writeStreamAtomically(req, target, {
      maxBytes: MAX_PART_SIZE_BYTES,
      what: `Part ${partNumber}`,
      through: acceptJson && isJsonBody(req) ? base64JsonDecoder() : undefined,
      // The upload may have been completed or aborted while the bytes were arriving.
      beforeCommit: () => this.#open(key, uploadId),
    }).catch((error: unknown) => {
      throw error instanceof EmulatorHttpError
        ? error
        : new EmulatorHttpError(
            400,
            `Part ${partNumber} was not stored: the upload was interrupted before all its bytes arrived`,
          );
    });
    upload.parts.set(partNumber, { path: target, ...written });
    return quoteEtag(written.md5Hex);
  }

  /**
   * Checks the ETags against the stored parts (contiguous from 1, each matching, every part but
   * the last at least the minimum size), assembles the parts in order into the upload's file,
   * then forgets the upload and removes its parts. Answers the assembled file's path.
   */
  async complete(
    key: UploadKey,
    uploadId: string,
    etags: Readonly<Record<string, string>>,
  ): Promise<string> {
    const upload = this.#open(key, uploadId);
    const parts = this.#checkParts(upload, etags);
    upload.completing = true;
    try {
      const path = await this.#options.files.assemble(
        upload.key,
        parts.map((part) => part.path),
      );
      this.#uploads.delete(upload.id);
      await rm(upload.dir, { recursive: true, force: true });
      return path;
    } finally {
      upload.completing = false;
    }
  }

  /** Removes every upload's parts (on close). */
  async clear(): Promise<void> {
    const folders = [...this.#uploads.values()].map((upload) => upload.dir);
    this.#uploads.clear();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  #open(key: UploadKey, uploadId: string): Upload {
    const upload = this.#uploads.get(uploadId);
    if (!upload || uploadKeyId(upload.key) !== uploadKeyId(key)) {
      throw new EmulatorHttpError(
        404,
        `Upload ${uploadId} was not found for ${describeKey(key)}; it may have been completed already. Start a new upload with init-upload.`,
      );
    }
    if (upload.completing) {
      throw new EmulatorHttpError(
        409,
        `Upload ${uploadId} is being completed; it takes no more parts`,
      );
    }
    return upload;
  }

  async #applyFault(req: IncomingMessage, partNumber: number): Promise<void> {
    const fault = this.#options.faults.takePartFault();
    if (fault === 'reset') {
      await resetMidway(req);
      throw new EmulatorHttpError(
        500,
        `The connection was reset while part ${partNumber} was uploading (an injected fault)`,
      );
    }
    if (fault === '500') {
      await drain(req);
      throw new EmulatorHttpError(
        500,
        `Part ${partNumber} could not be stored (an injected fault); send it again`,
      );
    }
  }

  #checkParts(upload: Upload, etags: Readonly<Record<string, string>>): StoredPart[] {
    const keys = Object.keys(etags);
    if (keys.length === 0) {
      throw new EmulatorHttpError(400, 'Give the ETag of at least one part to complete the upload');
    }
    const invalid = keys.find((key) => !isPartNumberKey(key));
    if (invalid !== undefined) {
      throw new EmulatorHttpError(
        400,
        `"${invalid}" is not a part number: part numbers are whole numbers from ${MIN_PART_NUMBER} to ${MAX_PART_NUMBER}`,
      );
    }
    const count = keys.length;
    const parts: StoredPart[] = [];
    for (let number = 1; number <= count; number += 1) {
      const etag = etags[String(number)];
      if (etag === undefined) {
        throw new EmulatorHttpError(
          400,
          `Part ${number} is missing from the ETags: part numbers must run from 1 to ${count} without gaps`,
        );
      }
      parts.push(this.#checkPart(upload, number, etag));
    }
    // Sizes last: a part that is missing or wrong is the clearer thing to report first.
    const min = this.#options.minPartSize;
    const small = parts.findIndex((part, i) => i < count - 1 && part.size < min);
    if (small >= 0) {
      throw new EmulatorHttpError(
        400,
        `Part ${small + 1} is ${parts[small]?.size} bytes; every part but the last must be at least ${min} bytes`,
      );
    }
    return parts;
  }

  #checkPart(upload: Upload, number: number, etag: string): StoredPart {
    const part = upload.parts.get(number);
    if (!part) {
      throw new EmulatorHttpError(
        400,
        `Part ${number} was never uploaded; upload it before completing`,
      );
    }
    if (unquoteEtag(etag) !== part.md5Hex) {
      throw new EmulatorHttpError(
        400,
        `The ETag of part ${number} (${etag}) does not match the uploaded part (${quoteEtag(part.md5Hex)}); upload the part again or send its ETag`,
      );
    }
    return part;
  }
}

/** Throws 400 unless `partNumber` is a whole number from 1 to 10,000. */
export function checkPartNumber(partNumber: number): void {
  if (
    !Number.isInteger(partNumber) ||
    partNumber < MIN_PART_NUMBER ||
    partNumber > MAX_PART_NUMBER
  ) {
    throw new EmulatorHttpError(
      400,
      `Part number ${partNumber} is out of range: part numbers are whole numbers from ${MIN_PART_NUMBER} to ${MAX_PART_NUMBER}`,
    );
  }
}
