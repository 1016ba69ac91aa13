import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { BytesBody } from '../../../shared/contract/operation-input';
import type { HttpMethod } from '../../../shared/contract/operation';
import { AnswerTooLargeError, readBoundedText } from './answer-bounds';
import type { OperationLimits } from './service-limits';

/**
 * One HTTP answer, read whole up to its bound (service answers are small; files go through the
 * transfer engine).
 */
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
  /** Most bytes read of a success answer, and of an error answer. */
  readonly bounds: Pick<OperationLimits, 'answerBytes' | 'errorAnswerBytes'>;
}

/**
 * Sends one request with undici and reads the answer's text. Throws on network failure, when
 * `signal` aborts (the operation's deadline included), and {@link AnswerTooLargeError} for a
 * success answer past its bound. An error answer past its own bound is cut off and given as
 * empty text: too long to be a message, its status speaks for itself.
 */
export async function exchange(call: Exchange): Promise<RawAnswer> {
  const response = await request(call.url, {
    method: call.method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: toRequestBody(call.body) }),
    ...(call.dispatcher ? { dispatcher: call.dispatcher } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
  });
  const status = response.statusCode;
  const headers = flattenHeaders(response.headers);
  const isError = status >= 400;
  const bound = isError ? call.bounds.errorAnswerBytes : call.bounds.answerBytes;
  try {
    return {
      status,
      headers,
      text: await readBoundedText(response.body, bound, headers['content-length']),
    };
  } catch (error) {
    if (isError && error instanceof AnswerTooLargeError) return { status, headers, text: '' };
    throw error;
  }
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
