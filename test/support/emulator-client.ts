import { request } from 'undici';
import { expect } from 'vitest';
import { operationById, type OperationId } from '../../src/shared/contract/catalogue';
import { buildPath, serviceBaseUrl } from '../../src/shared/contract/paths';
import { ErrorBodySchema } from '../../src/shared/contract/records/common';
import { isFinalJobStatus } from '../../src/shared/contract/enums';
import type { Emulator } from '../../src/emulator/server';

/*
 * The emulator client of the conformance suite: calls operations of the catalogue over real HTTP
 * with undici, and checks every success body with the operation's own response schema, so a
 * handler that answers the wrong shape fails whichever test calls it.
 */

/** The demo API keys by role. */
export const KEYS = {
  admin: 'demo-admin-key',
  contributor: 'demo-contributor-key',
  consumer: 'demo-consumer-key',
} as const;

/** An answer read whole. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** Parsed JSON, or undefined for an empty body. */
  readonly body: unknown;
}

/** How to call: credentials (`null` sends none), a JSON body, or a raw body and type. */
export interface CallOptions {
  readonly auth?: string | null;
  readonly body?: unknown;
  readonly raw?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls `method path` of the emulator (`path` from its origin). */
export async function call(
  em: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const auth = options.auth === undefined ? KEYS.admin : options.auth;
  if (auth !== null) headers.authorization = auth;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const res = await request(`${em.url}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, body: parseJson(text) };
}

/** Inputs of an operation call. */
export interface OpCall extends CallOptions {
  readonly params?: Record<string, string | number>;
  readonly query?: Record<string, string | number | boolean>;
}

/**
 * Calls operation `id`. When the answer is one of the operation's success codes its body is
 * parsed with the operation's response schema (a mismatch fails the test).
 */
export async function callOp(em: Emulator, id: OperationId, input: OpCall = {}): Promise<Answer> {
  const op = operationById(id);
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const base = new URL(serviceBaseUrl(op.service, em.url)).pathname;
  const path = `${base}${buildPath(op, input.params ?? {})}${query ? `?${query}` : ''}`;
  const answer = await call(em, op.method, path, input);
  if ((op.success as readonly number[]).includes(answer.status)) checkResponse(id, answer);
  return answer;
}

function checkResponse(id: OperationId, answer: Answer): void {
  const op = operationById(id);
  const response = op.response;
  if (response.kind === 'none') {
    expect(answer.text, `${id} answers no body`).toBe('');
    return;
  }
  const empty =
    'emptyOn' in response && (response.emptyOn as readonly number[]).includes(answer.status);
  if (empty) return;
  const parsed = response.schema.safeParse(answer.body);
  expect(parsed.success, `${id} body matches its schema: ${parsed.error?.message ?? ''}`).toBe(
    true,
  );
}

/** Calls `id` and expects `status`; answers the parsed body. */
export async function expectOp<T = unknown>(
  em: Emulator,
  id: OperationId,
  status: number,
  input: OpCall = {},
): Promise<T> {
  const answer = await callOp(em, id, input);
  expect(answer.status, `${id} → ${answer.text}`).toBe(status);
  return answer.body as T;
}

/** Expects an error answer with the records.md body; answers its message. */
export function expectError(answer: Answer, status: number, message?: RegExp | string): string {
  expect(answer.status, answer.text).toBe(status);
  const body = ErrorBodySchema.parse(answer.body);
  expect(body.code).toBe(`DATA-BRIDGE-${status}`);
  expect(body.logId).not.toBe('');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body.message;
}

/** Calls `id`, expects the error `status` (and message); answers the message. */
export async function expectOpError(
  em: Emulator,
  id: OperationId,
  status: number,
  input: OpCall = {},
  message?: RegExp | string,
): Promise<string> {
  return expectError(await callOp(em, id, input), status, message);
}

/** Polls a job's status until it is final or the deadline passes; answers the final status. */
export async function waitForJob(em: Emulator, jobId: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await expectOp<string>(em, 'jobs.getStatus', 200, { params: { jobId } });
    if (isFinalJobStatus(status)) return status;
    if (Date.now() > deadline)
      throw new Error(`Job ${jobId} is still ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
