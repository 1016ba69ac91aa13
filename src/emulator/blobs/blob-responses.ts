import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportedFile } from './export-store';

/** A parsed `Range` header against a file of a known size. */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range. A header that is missing,
 * malformed or asks for several ranges is ignored (RFC 9110 lets a server answer the whole
 * file); a range that starts past the end, or an empty suffix, cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header === undefined ? null : /^\s*bytes=(\d*)-(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Answers an error the way an object store does on its pre-signed URLs: an XML `Error`
 * document with a `Code` and a `Message` (e.g. `AccessDenied` / `Request has expired`).
 */
export function sendS3Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>\n`;
  res.writeHead(status, {
    'Content-Type': 'application/xml',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The read size of a paced download: small steps keep the pace smooth (fs's default too). */
const PACED_CHUNK_BYTES = 64 * 1024;

/**
 * The longest a paced piece stands for: at a slow pace a read is cut into pieces of this much
 * of the rate (a byte at least), so that a host at a few bytes a second trickles them one by
 * one, as a link that slow does, instead of a whole read after a long silence.
 */
const PACED_PIECE_SECONDS = 0.1;

/**
 * A pass-through that paces one response to `bytesPerSec`, as a WAN link or an object store
 * caps each connection: each piece waits (setTimeout) until the bytes passed so far, itself
 * included, fit the rate since the stream was made. Destroying it clears the pending timer.
 */
export function pacedStream(bytesPerSec: number): Transform {
  const started = performance.now();
  const pieceBytes = Math.max(1, Math.floor(bytesPerSec * PACED_PIECE_SECONDS));
  let passed = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const next = (at: number): void => {
        if (at >= chunk.length) {
          callback();
          return;
        }
        const piece = chunk.subarray(at, at + pieceBytes);
        passed += piece.length;
        const go = (): void => {
          this.push(piece);
          next(at + piece.length);
        };
        const waitMs = (passed / bytesPerSec) * 1000 - (performance.now() - started);
        if (waitMs <= 0) {
          go();
          return;
        }
        timer = setTimeout(() => {
          timer = undefined;
          go();
        }, waitMs);
      };
      next(0);
    },
    destroy(error, callback) {
      clearTimeout(timer);
      timer = undefined;
      callback(error);
    },
  });
}

/**
 * Serves an exported file with its ETag and length, honouring a single byte range. With
 * `bytesPerSec` > 0 the body is paced to that rate, per response (so per connection).
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ExportedFile,
  bytesPerSec = 0,
): Promise<void> {
  const range = parseRange(req.headers.range, file.size);
  const common = {
    'Accept-Ranges': 'bytes',
    ETag: file.etag,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': contentDisposition(file.name),
  };
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { ...common, 'Content-Range': `bytes */${file.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? range.end : file.size - 1;
  const headers: Record<string, string | number> = { ...common, 'Content-Length': end - start + 1 };
  if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  res.writeHead(range.kind === 'part' ? 206 : 200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (bytesPerSec > 0) {
    const source = createReadStream(file.path, { start, end, highWaterMark: PACED_CHUNK_BYTES });
    await pipeline(source, pacedStream(bytesPerSec), res);
    return;
  }
  await pipeline(createReadStream(file.path, { start, end }), res);
}
