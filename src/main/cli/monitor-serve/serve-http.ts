import { createHash, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../services/log/logger';
import { BoundedWarning, DEFAULT_SERVE_LIMITS, type ServeLimits } from './serve-limits';
import type { ListenAddress } from './serve-listen';
import type { ServeMetrics } from './serve-metrics';
import { routeOf, type ServeApi } from './serve-routes';

/** Options of {@link startServeHttp}. */
export interface ServeHttpOptions {
  readonly listen: ListenAddress;
  /** The bearer token every endpoint but /healthz asks for; none: no token asked. */
  readonly token?: string;
  readonly tls?: { readonly cert: Buffer; readonly key: Buffer };
  readonly metrics: ServeMetrics;
  readonly api: ServeApi;
  readonly logger: Logger;
  /** Default: {@link DEFAULT_SERVE_LIMITS}. */
  readonly limits?: Partial<ServeLimits>;
}

/** A listening server. */
export interface ServeHttp {
  /** Its base URL, with the port it got (`--listen HOST:0` picks one). */
  readonly url: string;
  /** Stops listening and ends open connections (a scraper's keep-alive included). */
  close(): Promise<void>;
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when the request carries the token. Both sides are hashed first, so the comparison
 * takes the same time whatever the length or the first differing byte of what was sent.
 */
function isAuthorized(request: IncomingMessage, token: Buffer | undefined): boolean {
  if (token === undefined) return true;
  const header = request.headers.authorization ?? '';
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(given), token);
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

const sendJson = (response: ServerResponse, status: number, value: unknown): void =>
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

const problem = (code: string, message: string) => ({ error: { code, message } });

/**
 * The HTTP (or HTTPS) server of the headless monitor: `/metrics`, `/healthz` and the JSON API.
 * It only reads what the monitor holds, so a scrape or a client's read never reaches the
 * service.
 */
export async function startServeHttp(options: ServeHttpOptions): Promise<ServeHttp> {
  const token = options.token === undefined ? undefined : digest(options.token);
  const limits = { ...DEFAULT_SERVE_LIMITS, ...options.limits };
  const refused = new BoundedWarning<{ handler: string; remote: string | undefined }>(
    limits.warnEveryMs,
    (fields) => options.logger.warn('monitor serve: requests without a valid token', fields),
  );
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    void answer(request, response, token, refused, options).catch((error: unknown) => {
      options.logger.error('monitor serve: request failed', { url: request.url, error });
      if (!response.headersSent) sendJson(response, 500, problem('INTERNAL', 'The answer failed.'));
      else response.destroy();
    });
  };
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
  const server: Server = options.tls
    ? createTlsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }, handle)
    : createServer(serverOptions, handle);
  server.maxConnections = limits.maxConnections;
  // A connection with nothing sent is not a request yet: the socket's own idle limit ends it.
  server.on('connection', (socket) =>
    socket.setTimeout(limits.headersTimeoutMs, () => socket.destroy()),
  );
  server.listen(options.listen.port, options.listen.host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => Promise.reject(error as Error)),
  ]);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${address.port}`,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  token: Buffer | undefined,
  refused: BoundedWarning<{ handler: string; remote: string | undefined }>,
  options: ServeHttpOptions,
): Promise<void> {
  const route = routeOf(request.url ?? '/');
  const done = (status: number): void => options.metrics.noteHttp(route.handler, status);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    sendJson(response, 405, problem('VALIDATION', 'Only GET and HEAD are answered.'));
    return done(405);
  }
  // The health answer names no instance data beyond refs, and a service manager or load
  // balancer probes it without a token.
  if (route.handler !== '/healthz' && !isAuthorized(request, token)) {
    response.setHeader('www-authenticate', 'Bearer realm="databridge-monitor"');
    sendJson(
      response,
      401,
      problem('AUTH_REQUIRED', 'Send the bearer token: Authorization: Bearer TOKEN.'),
    );
    // Counted in databridge_monitor_http_requests_total{code="401"}; said once a minute.
    refused.note({ handler: route.handler, remote: request.socket.remoteAddress });
    return done(401);
  }
  if (route.handler === '/metrics') {
    const { text, contentType } = await options.metrics.scrape();
    send(response, 200, contentType, text);
    return done(200);
  }
  const result = route.answer(options.api);
  sendJson(response, result.status, result.body);
  done(result.status);
}
