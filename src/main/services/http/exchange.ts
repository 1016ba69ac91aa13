import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { BytesBody } from '../../../shared/contract/operation-input';
import type { HttpMethod } from '../../../shared/contract/operation';

/** One HTTP answer, read whole (service answers are small; files go through the transfer engine). */
export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** One request as the client sends it. */
export interface Exchange {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | BytesBody | undefined;
  readonly signal: AbortSignal | undefined;
  readonly dispatcher: Dispatcher | undefined;
}

/** Sends one request with undici and reads the answer's text. Throws on network failure. */
export async function exchange(call: Exchange): Promise<RawAnswer> {
  const response = await request(call.url, {
    method: call.method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: toRequestBody(call.body) }),
    ...(call.dispatcher ? { dispatcher: call.dispatcher } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: flattenHeaders(response.headers), text };
}

/** undici's body types: a stream of parts is handed over as a Readable. */
function toRequestBody(body: string | BytesBody): string | Uint8Array | Readable {
  return typeof body === 'string' || body instanceof Uint8Array ? body : Readable.from(body);
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}
