import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/*
 * The shape of an HTTP client that is not undici: Electron's `net.request` (Chromium's
 * network stack) in the app, Node's `http.request` in the tests. Both hand back a writable
 * request that emits 'response' with a readable answer; the mappings between undici's
 * dispatch options and that shape live here, free of either client.
 */

/** What a port is asked to send. */
export interface PortRequestOptions {
  readonly url: string;
  readonly method: string;
  /** Names as the caller wrote them; repeated headers as arrays. */
  readonly headers: Record<string, string | string[]>;
  /** The proxy the request's route goes through, for a port that sets its own proxy. */
  readonly proxy?: string;
}

/**
 * Who asks a request to sign in: the `authInfo` of Electron's ClientRequest 'login' event
 * (client-request.md). `host` and `port` are those of the one asking, the proxy or the server.
 */
export interface PortLoginInfo {
  readonly isProxy: boolean;
  readonly scheme: string;
  readonly host: string;
  readonly port: number;
  readonly realm: string;
}

/**
 * The answer to one 'login': a user name and password, or none, which cancels the sign-in;
 * with `error`, the request then fails with it rather than with what Chromium reports.
 */
export type PortLoginAnswer =
  | { readonly kind: 'credentials'; readonly user: string; readonly password: string }
  | { readonly kind: 'cancel'; readonly error?: Error };

/**
 * Answers the 'login' events of one request, in turn (a new one per request): a second
 * 'login' after credentials were given means the proxy refused them.
 */
export type PortSignIn = (info: PortLoginInfo) => Promise<PortLoginAnswer>;

/** The 'login' callback: a user name and password sign in, no arguments cancel. */
export type PortLoginCallback = (user?: string, password?: string) => void;

/** The answer's head and body, as Node's and Electron's IncomingMessage both give them. */
export interface PortResponse {
  readonly statusCode?: number | undefined;
  readonly statusMessage?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end' | 'close', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  pause(): this;
  resume(): this;
  destroy(error?: Error): this;
}

/** A request being sent: Node's ClientRequest or Electron's. */
export interface PortRequest {
  on(event: 'response', listener: (response: PortResponse) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  /**
   * Electron's redirect with `redirect: 'manual'`: the 3xx comes here instead of as a
   * response, and the request is cancelled unless followed (Node never emits it).
   */
  on(
    event: 'redirect',
    listener: (statusCode: number, method: string, url: string, headers: PortHeaders) => void,
  ): this;
  /**
   * Electron's question of a proxy or server that wants a sign-in Chromium has not got (NTLM
   * outside Windows); `callback` must be called once (Node never emits it).
   */
  on(event: 'login', listener: (info: PortLoginInfo, callback: PortLoginCallback) => void): this;
  on(event: 'drain', listener: () => void): this;
  once(event: 'drain', listener: () => void): this;
  off(event: 'drain', listener: () => void): this;
  write(chunk: Buffer): boolean;
  end(chunk?: Buffer): this;
  abort(): void;
  /** Electron's count of the body bytes sent (undocumented in Node, absent there). */
  getUploadProgress?(): { current: number };
}

/** Response headers as a port gives them: one value or several per name. */
export type PortHeaders = Record<string, string | string[] | undefined>;

/** Sends one request: `net.request` or `http.request` behind a thin shim. */
export type RequestPort = (options: PortRequestOptions) => PortRequest | Promise<PortRequest>;

/** The URL of a dispatch: its origin, path and any `query` undici would have appended. */
export function portUrlOf(opts: Pick<Dispatcher.DispatchOptions, 'origin' | 'path' | 'query'>) {
  const url = new URL(`${new URL(String(opts.origin)).origin}${opts.path}`);
  for (const [name, value] of Object.entries(opts.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) url.searchParams.append(name, String(one));
    }
  }
  return url.href;
}

/**
 * Headers of the connection itself, which the port's client writes on its own (Chromium
 * refuses them outright: client-request.md lists them as restricted).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

/**
 * undici's header forms (an object, a flat `[name, value, ...]` array, or pairs) as one
 * record, repeated names gathered in an array; undefined values and hop-by-hop headers are
 * left out. Content-Length stays: the port's client needs it to send a streamed body whole.
 */
export function portHeadersOf(
  headers: Dispatcher.DispatchOptions['headers'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const add = (name: string, value: unknown): void => {
    if (value === undefined || value === null || HOP_BY_HOP.has(name.toLowerCase())) return;
    const values = (Array.isArray(value) ? value : [value]).map(String);
    const key = Object.keys(out).find((known) => known.toLowerCase() === name.toLowerCase());
    const before = key === undefined ? [] : [out[key] ?? []].flat();
    const all = [...before, ...values];
    out[key ?? name] = all.length === 1 ? (all[0] ?? '') : all;
  };
  for (const [name, value] of headerPairs(headers)) add(name, value);
  return out;
}

function headerPairs(headers: Dispatcher.DispatchOptions['headers']): [string, unknown][] {
  if (headers === undefined || headers === null) return [];
  if (Array.isArray(headers)) {
    const flat = headers as unknown[];
    const pairs: [string, unknown][] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), flat[i + 1]]);
    return pairs;
  }
  if (Symbol.iterator in headers) {
    return [...(headers as Iterable<[string, unknown]>)].map(([name, value]) => [name, value]);
  }
  return Object.entries(headers);
}

/**
 * Response headers as undici's handlers read them: lower-case names, one value a string,
 * several an array (undici's own parser does the same for every repeated name).
 */
export function answerHeadersOf(headers: PortHeaders): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const values = [out[key] ?? [], value].flat();
    if (values.length > 0) out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return out;
}
