import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchOperations, type Operation } from '../shared/contract/catalogue';
import { SERVICE_BASE_PATHS, type ServiceName } from '../shared/contract/paths';
import { ANONYMOUS, type Principal } from './auth';
import type { EmulatorContext } from './context';
import type { Handler, HandlerInput, HandlerMap } from './handlers/types';
import { EmulatorHttpError } from './http-error';
import { readJsonBody } from './request-body';
import { sendEmpty, sendError, sendJson } from './respond';
import { parseOr400 } from './validation';

type AnyInput = HandlerInput<Operation['id']>;
type AnyReply = { status?: number; headers?: Readonly<Record<string, string>>; body?: unknown };
type AnyHandler = (input: AnyInput, ctx: EmulatorContext) => AnyReply | Promise<AnyReply>;

/** Options of {@link Router}. */
export interface RouterOptions {
  readonly ctx: EmulatorContext;
  readonly handlers: HandlerMap;
  /** Where genuine bugs (answered 500) are reported. */
  readonly onBug: (line: string) => void;
}

/** The service a path belongs to and the rest of the path after its base (`/v1/...`). */
function splitService(pathname: string): { service: ServiceName; rest: string } | undefined {
  const lower = pathname.toLowerCase();
  for (const service of ['api', 'auth'] as const) {
    const base = SERVICE_BASE_PATHS[service].toLowerCase();
    if (lower === base || lower.startsWith(`${base}/`)) {
      return { service, rest: pathname.slice(base.length) };
    }
  }
  return undefined;
}

/**
 * Serves the service and the token service from the catalogue: match the path (unknown 404,
 * other method 405), API faults, authenticate (401), check the role (403), validate path,
 * query, headers and body with the operation's schemas (400), run the handler, answer with
 * the operation's success code. Anything a handler throws becomes an error body; only a
 * genuine bug answers 500, and the next request is served as usual.
 */
export class Router {
  readonly #options: RouterOptions;

  constructor(options: RouterOptions) {
    this.#options = options;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.#serve(req, res);
    } catch (error) {
      this.#fail(req, res, error);
    }
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { ctx } = this.#options;
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const where = splitService(url.pathname);
    if (!where) throw new EmulatorHttpError(404, `Nothing is served at ${url.pathname}.`);
    if (where.service === 'api') {
      const fault = ctx.faults.takeRequestFault();
      if (fault) throw faultError(fault.status, fault.retryAfterSec);
    }
    const matches = matchOperations(where.service, where.rest);
    if (matches.length === 0) {
      throw new EmulatorHttpError(404, `No operation of the service at ${method} ${url.pathname}.`);
    }
    const match = matches.find((m) => m.operation.method === method);
    if (!match) {
      const allow = [...new Set(matches.map((m) => m.operation.method))].join(', ');
      throw new EmulatorHttpError(
        405,
        `${method} is not allowed on ${url.pathname}; use ${allow}.`,
        { Allow: allow },
      );
    }
    const op = match.operation;
    const principal =
      where.service === 'api' ? ctx.auth.authenticate(req.headers.authorization) : ANONYMOUS;
    checkRole(op, principal);
    const input = await readInput(op, match.params, url, req, principal);
    const handler = this.#options.handlers[op.id] as Handler<typeof op.id> as unknown as AnyHandler;
    const reply = await handler(input, ctx);
    answer(res, op, reply);
  }

  #fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (error instanceof EmulatorHttpError) {
      sendError(res, error.status, error.message, error.headers);
      return;
    }
    this.#options.onBug(
      `emulator bug on ${req.method ?? '?'} ${req.url?.split('?')[0] ?? ''}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    sendError(res, 500, 'The emulator failed to handle this request (a bug in the emulator).');
  }
}

function faultError(status: 500 | 503 | 429, retryAfterSec?: number): EmulatorHttpError {
  const headers: Record<string, string> =
    retryAfterSec === undefined ? {} : { 'Retry-After': String(retryAfterSec) };
  const message =
    status === 429
      ? 'Too many requests (fault injected): retry after the Retry-After delay.'
      : status === 503
        ? 'The service is unavailable (fault injected): retry after the Retry-After delay.'
        : 'Internal server error (fault injected).';
  return new EmulatorHttpError(status, message, headers);
}

/** 403 unless the caller's role may call `op` (records.md "Permissions [ours]"). */
function checkRole(op: Operation, principal: Principal): void {
  const roles: readonly string[] = op.roles;
  if (!roles.includes(principal.role)) {
    throw new EmulatorHttpError(
      403,
      `Your role (${principal.role}) may not call ${op.id}: it needs ${roles.join(' or ')}.`,
    );
  }
}

async function readInput(
  op: Operation,
  rawParams: Record<string, string>,
  url: URL,
  req: IncomingMessage,
  principal: Principal,
): Promise<AnyInput> {
  const params = parseOr400(op.pathParams, rawParams, 'path parameter');
  const given = singleValuedQuery(url);
  const query = op.query ? parseOr400(op.query, given, 'query parameter') : undefined;
  const headers = op.headers ? parseOr400(op.headers, req.headers, 'header') : undefined;
  // A bytes body (an upload part) stays unread: the blob store streams it to disk.
  const body =
    op.body?.contentType === 'json'
      ? parseOr400(op.body.schema, await readJsonBody(req, op.body.required), 'body')
      : undefined;
  return { params, query, headers, body, principal, req } as unknown as AnyInput;
}

/**
 * The query string as one value per name. Every query parameter of the interface is a single
 * value, so a name given twice (`limit=1&limit=2`, in any letter case, as ASP.NET matches
 * names) or written with brackets (`filter[]=1`) is a bad request rather than a guess at
 * which value was meant.
 */
function singleValuedQuery(url: URL): Record<string, string> {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (/[[\]]/.test(name)) {
      throw new EmulatorHttpError(
        400,
        `Query parameter ${name} is not valid: parameter names take no brackets.`,
      );
    }
    if (seen.has(name.toLowerCase())) {
      throw new EmulatorHttpError(400, `Query parameter ${name} is given more than once.`);
    }
    seen.add(name.toLowerCase());
    values.set(name, value);
  }
  return Object.fromEntries(values);
}

/** Writes the handler's reply in the operation's answer form. */
function answer(res: ServerResponse, op: Operation, reply: AnyReply): void {
  const status = reply.status ?? op.success[0] ?? 200;
  const headers = reply.headers ?? {};
  if (op.response.kind === 'none' || reply.body === undefined) {
    sendEmpty(res, status, headers);
    return;
  }
  // String answers (job status, part URL, ETag) go out as JSON strings.
  sendJson(res, status, reply.body, headers);
}
