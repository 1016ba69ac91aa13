/*
 * The head of an HTTP/1.1 answer (status line and header fields), read from the bytes of a
 * socket as they arrive, for the direct GET of a pre-signed URL. Only what a download needs is
 * parsed: the status, the fields (names lower-cased, a repeated field kept as a list) and
 * where the body starts. Anything malformed is an error: the caller falls back to undici or
 * retries, it never guesses.
 */

/** A parsed answer head. */
export interface ResponseHead {
  statusCode: number;
  statusText: string;
  /** Field names lower-cased; a field sent more than once is a list, in order. */
  headers: Record<string, string | string[]>;
}

/** A head that cannot be an HTTP/1.1 answer (or is too large); the connection is dropped. */
export class BadResponseHead extends Error {
  readonly code = 'EBADRESPONSEHEAD';
}

/** Largest head accepted (status line and fields): beyond it the answer is refused. */
export const MAX_HEAD_BYTES = 64 * 1024;

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/;
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Parses the head text (without its final blank line); throws {@link BadResponseHead}. */
export function parseResponseHead(text: string): ResponseHead {
  const lines = text.split('\r\n');
  const status = STATUS_LINE.exec(lines[0] ?? '');
  if (!status) throw new BadResponseHead('The storage host did not answer in HTTP/1.1.');
  const headers: Record<string, string | string[]> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    // Folded lines (obsolete) and names with spaces are refused, as undici refuses them.
    if (!FIELD_NAME.test(name))
      throw new BadResponseHead('A header field of the answer is malformed.');
    const key = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    const known = headers[key];
    if (known === undefined) headers[key] = value;
    else headers[key] = Array.isArray(known) ? [...known, value] : [known, value];
  }
  return { statusCode: Number(status[1]), statusText: status[2] ?? '', headers };
}

/**
 * Collects the bytes of an answer until its head is complete. `push` takes each read as it
 * arrives and answers, once the blank line after the fields is in, the head and how many bytes
 * of that read belong to the body's start (the rest of the read after the head).
 */
export class ResponseHeadReader {
  #text = '';

  /** Bytes of the last read, from `bodyOffset` on, are body bytes. */
  push(chunk: Uint8Array): { head: ResponseHead; bodyOffset: number } | undefined {
    const before = this.#text.length;
    // latin1 maps each byte to one character: offsets in the text are offsets in the bytes.
    this.#text += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    // The blank line may straddle two reads: search from a little before the new bytes.
    const end = this.#text.indexOf('\r\n\r\n', Math.max(0, before - 3));
    if (end < 0) {
      if (this.#text.length > MAX_HEAD_BYTES) {
        throw new BadResponseHead('The answer of the storage host has too large a head.');
      }
      return undefined;
    }
    if (end > MAX_HEAD_BYTES) {
      throw new BadResponseHead('The answer of the storage host has too large a head.');
    }
    const head = parseResponseHead(this.#text.slice(0, end));
    return { head, bodyOffset: end + 4 - before };
  }
}

/** The first value of a header field. */
export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The data of a chunked body's start (`size CRLF data CRLF`...), as far as it is whole: enough
 * to read an error answer's text. What cannot be read as chunks is kept as it is.
 */
export function unchunk(raw: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = lineEnd < 0 ? NaN : parseInt(raw.slice(at, lineEnd).split(';')[0] ?? '', 16);
    if (!Number.isInteger(size) || size < 0) return at === 0 ? raw : out;
    if (size === 0) return out;
    out += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
    if (at > raw.length) return out;
  }
}
