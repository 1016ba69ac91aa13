import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmulatorHttpError } from '../http-error';
import { parseBlobPath, type BlobTarget } from './blob-paths';
import { quoteEtag } from './blob-types';
import { sendFile, sendS3Error } from './blob-responses';
import type { ExportStore } from './export-store';
import type { MultipartUploadStore } from './multipart-upload-store';
import type { UploadedFileStore } from './uploaded-file-store';
import type { UrlSigner, UrlVerdict } from './url-signer';

/** What the blob routes work on. */
export interface BlobRouteContext {
  signer: UrlSigner;
  uploads: MultipartUploadStore;
  files: UploadedFileStore;
  exports: ExportStore;
  /** Bytes per second each export GET is paced to (per connection), read per request; 0: none. */
  downloadPace: () => number;
}

const S3_CODES: Readonly<Record<number, string>> = {
  400: 'InvalidArgument',
  403: 'AccessDenied',
  404: 'NoSuchKey',
  405: 'MethodNotAllowed',
  409: 'OperationAborted',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

function fail(res: ServerResponse, error: unknown): void {
  // A reset fault has already destroyed the socket: there is nobody to answer.
  if (res.headersSent || res.destroyed || res.socket?.destroyed) return;
  if (error instanceof EmulatorHttpError) {
    const code = error.status === 404 && /upload/i.test(error.message) ? 'NoSuchUpload' : undefined;
    sendS3Error(
      res,
      error.status,
      code ?? S3_CODES[error.status] ?? 'InternalError',
      error.message,
    );
    return;
  }
  sendS3Error(res, 500, 'InternalError', 'The emulator could not serve this blob request');
}

function methodAllowed(target: BlobTarget, method: string): boolean {
  return target.kind === 'export' ? method === 'GET' || method === 'HEAD' : method === 'PUT';
}

/**
 * Checks the URL's signature and expiry. The signature binds the method, so a download URL
 * cannot be used to upload; HEAD is let through on a GET URL to read the size and ETag.
 */
function authorize(
  ctx: BlobRouteContext,
  req: IncomingMessage,
  rawPath: string,
  query: string,
): UrlVerdict {
  const params = new URLSearchParams(query);
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  return ctx.signer.verify(method, rawPath, params.get('expires'), params.get('sig'));
}

async function serve(
  ctx: BlobRouteContext,
  target: BlobTarget,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (target.kind === 'export') {
    const file = ctx.exports.find(target.jobId, target.name);
    if (!file)
      throw new EmulatorHttpError(404, `No exported file ${target.name} for job ${target.jobId}`);
    await sendFile(req, res, file, ctx.downloadPace());
    return;
  }
  let etag: string;
  if (target.kind === 'part') {
    const key = ctx.uploads.keyOf(target.uploadId);
    if (!key) {
      throw new EmulatorHttpError(
        404,
        `Upload ${target.uploadId} does not exist; it may have been completed already`,
      );
    }
    // A pre-signed URL stores the raw bytes whatever their Content-Type, as an object store.
    etag = await ctx.uploads.receive(key, target.uploadId, target.partNumber, req, false);
  } else {
    etag = quoteEtag((await ctx.files.writeWhole(target.key, req)).md5Hex);
  }
  res.writeHead(200, { ETag: etag, 'Content-Length': 0 });
  res.end();
}

/**
 * Serves one request under /_blobs/: checks the pre-signed URL (no `Authorization` is read),
 * then uploads a part, uploads a whole file or downloads an export. Errors answer in the
 * object store's XML style.
 */
export async function serveBlobRequest(
  ctx: BlobRouteContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const [rawPath = '', query = ''] = (req.url ?? '').split('?', 2);
  const target = parseBlobPath(rawPath);
  try {
    if (!target) throw new EmulatorHttpError(404, 'The specified key does not exist');
    if (!methodAllowed(target, req.method ?? '')) {
      res.setHeader('Allow', target.kind === 'export' ? 'GET, HEAD' : 'PUT');
      throw new EmulatorHttpError(405, `${req.method} is not allowed on this URL`);
    }
    const verdict = authorize(ctx, req, rawPath, query);
    if (verdict === 'expired') {
      sendS3Error(res, 403, 'AccessDenied', 'Request has expired');
      return;
    }
    if (verdict === 'bad-signature') {
      sendS3Error(res, 403, 'SignatureDoesNotMatch', 'Signature does not match');
      return;
    }
    await serve(ctx, target, req, res);
  } catch (error) {
    fail(res, error);
  }
}
