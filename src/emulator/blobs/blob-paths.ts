import { FileExtensionSchema } from '../../shared/contract/enums';
import type { UploadKey } from './blob-types';

/*
 * The paths of the pre-signed blob URLs, all under /_blobs/ on the emulator's own port:
 *   PUT      /_blobs/uploads/<uploadId>/parts/<partNumber>     one part of a multipart upload
 *   PUT      /_blobs/single/<instance>/<database>/<ext>        a whole file (single-stream)
 *   GET/HEAD /_blobs/exports/<jobId>/<fileName>                an exported file
 * Segments are percent-encoded; the signature covers the path exactly as issued.
 */

/** The prefix that tells blob requests from API requests. */
export const BLOB_PREFIX = '/_blobs/';

/** A blob path, parsed. */
export type BlobTarget =
  | { kind: 'part'; uploadId: string; partNumber: number }
  | { kind: 'single'; key: UploadKey }
  | { kind: 'export'; jobId: string; name: string };

const enc = encodeURIComponent;

/** Path of one part of a multipart upload. */
export function partPath(uploadId: string, partNumber: number): string {
  return `${BLOB_PREFIX}uploads/${enc(uploadId)}/parts/${partNumber}`;
}

/** Path of a single-stream upload of a whole file. */
export function singlePath(key: UploadKey): string {
  return `${BLOB_PREFIX}single/${enc(key.instance)}/${enc(key.database)}/${key.ext}`;
}

/** Path of an exported file. */
export function exportPath(jobId: string, name: string): string {
  return `${BLOB_PREFIX}exports/${enc(jobId)}/${enc(name)}`;
}

function decodeSegments(rawPath: string): string[] | undefined {
  try {
    return rawPath.slice(BLOB_PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** Reads a raw (still encoded) blob path; undefined when it names nothing we serve. */
export function parseBlobPath(rawPath: string): BlobTarget | undefined {
  const segments = decodeSegments(rawPath);
  if (!segments) return undefined;
  const [kind, a = '', b = '', c = '', ...rest] = segments;
  if (rest.length > 0 || a === '') return undefined;
  if (kind === 'uploads' && b === 'parts' && /^\d{1,5}$/.test(c)) {
    return { kind: 'part', uploadId: a, partNumber: Number(c) };
  }
  const ext = FileExtensionSchema.safeParse(c);
  if (kind === 'single' && b !== '' && ext.success) {
    return { kind: 'single', key: { instance: a, database: b, ext: ext.data } };
  }
  if (kind === 'exports' && b !== '' && c === '' && segments.length === 3) {
    return { kind: 'export', jobId: a, name: b };
  }
  return undefined;
}
