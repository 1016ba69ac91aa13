import type { z } from 'zod';
import { invalidInputError } from '../../../shared/contract/answers';
import type { Operation } from '../../../shared/contract/catalogue';
import type { BytesBody } from '../../../shared/contract/operation-input';
import { buildPath } from '../../../shared/contract/paths';
import { AppError } from '../../../shared/errors';

/** The loosely typed input every operation's typed input is assignable to. */
export interface AnyOperationInput {
  readonly pathParams?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** A request ready to send, apart from authorization. */
export interface PreparedRequest {
  /** Path and query, relative to the service's base URL. */
  readonly pathAndQuery: string;
  /** Decoded path parameters (for error messages). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly headers: Record<string, string>;
  readonly body: string | BytesBody | undefined;
  /** False for a streamed body: it cannot be sent a second time. */
  readonly replayable: boolean;
}

function check<S extends z.ZodType>(operation: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInputError(operation, result.error);
  return result.data;
}

/**
 * Validates an input with the operation's schemas and turns it into path, query, headers and
 * body. Bad input never leaves the app: it is a VALIDATION error naming the field. Every part
 * is built from the schemas' OUTPUT, the canonical form (`limit` `007` goes out as `7`, a
 * filter as the grammar prints it), never from the raw input. The query string carries only
 * the parameters the caller gave, not the schema's defaults, so the service applies its own.
 */
export function prepareRequest(op: Operation, input: AnyOperationInput): PreparedRequest {
  const params = check(op.id, op.pathParams, input.pathParams ?? {}) as Record<string, unknown>;
  const path = buildPath(op, params as Record<string, string | number>);
  const query = op.query ? serialiseQuery(givenQuery(op.id, op.query, input.query ?? {})) : '';
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' };
  if (op.headers) {
    const parsed = check(op.id, op.headers, input.headers ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(parsed)) headers[name] = String(value);
  }
  const { body, replayable } = prepareBody(op, input.body, headers);
  return { pathAndQuery: path + query, params, headers, body, replayable };
}

function prepareBody(
  op: Operation,
  value: unknown,
  headers: Record<string, string>,
): { body: string | BytesBody | undefined; replayable: boolean } {
  const spec = op.body;
  if (spec === undefined) return { body: undefined, replayable: true };
  if (spec.contentType === 'bytes') {
    if (!(value instanceof Uint8Array) && !isAsyncIterable(value)) {
      throw new AppError({
        code: 'VALIDATION',
        message: 'The part to upload is missing.',
        operation: op.id,
      });
    }
    headers['content-type'] = 'application/octet-stream';
    return { body: value, replayable: value instanceof Uint8Array };
  }
  if (value === undefined && !spec.required) return { body: undefined, replayable: true };
  const parsed = check(op.id, spec.schema, value);
  headers['content-type'] = 'application/json';
  return { body: JSON.stringify(parsed), replayable: true };
}

/** The parsed query, keeping only the parameters the caller gave (defaults left out). */
function givenQuery(
  operation: string,
  schema: z.ZodType,
  raw: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const parsed = check(operation, schema, raw) as Record<string, unknown>;
  const given = Object.keys(raw).filter((name) => raw[name] !== undefined && raw[name] !== null);
  return Object.fromEntries(given.map((name) => [name, parsed[name]]));
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

/** `?a=1&b=true`, leaving out undefined and null values; empty when nothing is left. */
export function serialiseQuery(query: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.append(name, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
