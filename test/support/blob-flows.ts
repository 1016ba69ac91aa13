import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'undici';

/*
 * The upload and download flows of the service, spelled out over plain HTTP for the emulator's
 * integration tests: API calls carry an API key; pre-signed URLs carry nothing.
 */

/** The emulator's Contributor API key (README.md). */
const CONTRIBUTOR_KEY = 'demo-contributor-key';

/** An answer of the service, read whole (API answers are small). */
export interface ApiAnswer {
  status: number;
  text: string;
  headers: Headers;
}

/** Calls the service at `baseUrl` with the Contributor API key. */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Authorization: CONTRIBUTOR_KEY };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** A string answer sent either as a JSON string or as plain text. */
export function stringAnswer(answer: ApiAnswer): string {
  const text = answer.text.trim();
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}

/** Calls the service and fails unless it answers `expected`; answers the parsed JSON. */
export async function callApiJson<T>(
  baseUrl: string,
  method: string,
  path: string,
  expected: number,
  body?: unknown,
): Promise<T> {
  const answer = await callApi(baseUrl, method, path, body);
  if (answer.status !== expected) {
    throw new Error(`${method} ${path} answered ${answer.status}, not ${expected}: ${answer.text}`);
  }
  return (answer.text === '' ? undefined : JSON.parse(answer.text)) as T;
}

/** Polls a job until it is final (or the deadline passes); answers its status and error. */
export async function waitForJob(
  baseUrl: string,
  jobId: string,
  timeoutMs = 20_000,
): Promise<{ status: string; error: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = stringAnswer(await callApi(baseUrl, 'GET', `/v1/Jobs/${jobId}`));
    if (['Succeeded', 'Failed', 'Deleted'].includes(status)) {
      const details = await callApiJson<{ error: string | null }>(
        baseUrl,
        'GET',
        `/v1/Jobs/${jobId}/details`,
        200,
      );
      return { status, error: details.error };
    }
    if (Date.now() > deadline)
      throw new Error(`Job ${jobId} is still ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** PUTs a body to a pre-signed URL, with no Authorization; answers status, ETag and body. */
export async function putToUrl(
  url: string,
  body: Readable | Uint8Array,
  length: number,
): Promise<{ status: number; etag: string | undefined; text: string }> {
  const res = await request(url, {
    method: 'PUT',
    body,
    headers: { 'content-length': String(length), 'content-type': 'application/octet-stream' },
  });
  const etag = res.headers.etag;
  return {
    status: res.statusCode,
    etag: typeof etag === 'string' ? etag : undefined,
    text: await res.body.text(),
  };
}

/** The multipart paths of one database file: `.../{database}/{ext}`. */
export function uploadBase(instance: string, database: string, ext: string): string {
  return `/v1/sql-instances/${instance}/databases/${database}/${ext}`;
}

/** Options of {@link uploadFileMultipart}. */
export interface MultipartFileUpload {
  baseUrl: string;
  instance: string;
  database: string;
  ext: 'mdf' | 'bak' | 'dacpac';
  path: string;
  size: number;
  partSize: number;
  /** Parts in flight at once. */
  concurrency: number;
}

/**
 * Uploads a file the way the client does: init-upload, then for every part its pre-signed URL
 * and a PUT of that slice of the file (several in flight), then complete-upload.
 */
export async function uploadFileMultipart(options: MultipartFileUpload): Promise<void> {
  const { baseUrl, path, size, partSize } = options;
  const base = uploadBase(options.instance, options.database, options.ext);
  const { uploadId } = await callApiJson<{ uploadId: string }>(
    baseUrl,
    'POST',
    `${base}/init-upload`,
    200,
  );
  const count = Math.max(1, Math.ceil(size / partSize));
  const etags: Record<string, string> = {};
  let next = 1;
  const worker = async (): Promise<void> => {
    for (let part = next++; part <= count; part = next++) {
      const url = stringAnswer(
        await callApi(baseUrl, 'GET', `${base}/upload-part/${uploadId}/${part}`),
      );
      const start = (part - 1) * partSize;
      const end = Math.min(start + partSize, size) - 1;
      const stream = createReadStream(path, { start, end, highWaterMark: 1024 * 1024 });
      const res = await putToUrl(url, stream, end - start + 1);
      if (res.status !== 200 || !res.etag)
        throw new Error(`Part ${part}: ${res.status} ${res.text}`);
      etags[String(part)] = res.etag;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await callApiJson(baseUrl, 'POST', `${base}/complete-upload`, 200, { uploadId, etags });
}

/** Hands out consecutive slices of one stream as streams of their own (one part each). */
class StreamSlicer {
  readonly #source: AsyncIterator<Buffer>;
  readonly #onChunk: (chunk: Buffer) => void;
  #left: Buffer | undefined;

  /** `onChunk` sees every byte handed out, in order (to hash what was sent, say). */
  constructor(source: Readable, onChunk: (chunk: Buffer) => void = () => undefined) {
    this.#source = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    this.#onChunk = onChunk;
  }

  /** The next `bytes` bytes of the source, as a stream; read it before asking for the next. */
  slice(bytes: number): Readable {
    return Readable.from(this.#take(bytes), { objectMode: false });
  }

  async *#take(bytes: number): AsyncGenerator<Buffer> {
    for (let need = bytes; need > 0;) {
      let chunk = this.#left;
      this.#left = undefined;
      if (!chunk) {
        const next = await this.#source.next();
        if (next.done) throw new Error('The source ended early');
        chunk = next.value;
      }
      if (chunk.length > need) {
        this.#left = chunk.subarray(need);
        chunk = chunk.subarray(0, need);
      }
      need -= chunk.length;
      this.#onChunk(chunk);
      yield chunk;
    }
  }
}

/**
 * Uploads `partCount` parts of `partSize` bytes taken in order from `source` (a stream, no
 * file needed) to their pre-signed URLs, one at a time, then completes the upload.
 */
export async function uploadStreamMultipart(
  baseUrl: string,
  instance: string,
  database: string,
  source: Readable,
  partCount: number,
  partSize: number,
  onChunk?: (chunk: Buffer) => void,
): Promise<void> {
  const base = uploadBase(instance, database, 'bak');
  const init = `${base}/init-upload`;
  const { uploadId } = await callApiJson<{ uploadId: string }>(baseUrl, 'POST', init, 200);
  const slicer = new StreamSlicer(source, onChunk);
  const etags: Record<string, string> = {};
  for (let part = 1; part <= partCount; part += 1) {
    const partPath = `${base}/upload-part/${uploadId}/${part}`;
    const url = stringAnswer(await callApi(baseUrl, 'GET', partPath));
    const res = await putToUrl(url, slicer.slice(partSize), partSize);
    if (res.status !== 200 || !res.etag) throw new Error(`Part ${part}: ${res.status} ${res.text}`);
    etags[String(part)] = res.etag;
  }
  await callApiJson(baseUrl, 'POST', `${base}/complete-upload`, 200, { uploadId, etags });
}
