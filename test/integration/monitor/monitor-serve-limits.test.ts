import { connect, type Socket } from 'node:net';
import { request } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { ServeMetrics } from '../../../src/main/cli/monitor-serve/serve-metrics';
import { startServeHttp, type ServeHttp } from '../../../src/main/cli/monitor-serve/serve-http';
import type { ServeApi } from '../../../src/main/cli/monitor-serve/serve-routes';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';

/*
 * The headless monitor's server under load, on 127.0.0.1 with small limits: connections past
 * the cap are dropped while those within it are answered, connections that send nothing or
 * half a request are closed within the header timeout (checked every 100 ms here, not every
 * 30 s), and requests without the token are logged once per span with their count.
 */

const TOKEN = 'a-test-bearer-token-of-some-length';
const api: ServeApi = {
  instances: () => ({ generatedAt: 0, intervalSeconds: 5, watched: [], unwatched: [] }),
  sessions: () => undefined,
  health: () => ({
    status: 'ok',
    generatedAt: 0,
    staleAfterSeconds: 15,
    instances: 0,
    stale: [],
  }),
};

let server: ServeHttp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

async function start(logs: LogEntry[] = []) {
  server = await startServeHttp({
    listen: { host: '127.0.0.1', port: 0 },
    token: TOKEN,
    metrics: new ServeMetrics({
      connections: [],
      watched: () => [],
      regionOf: () => 'custom',
      now: Date.now,
      intervalSeconds: 5,
    }),
    api,
    logger: new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'info' }),
    limits: {
      maxConnections: 10,
      headersTimeoutMs: 3_000,
      requestTimeoutMs: 4_000,
      checkIntervalMs: 100,
      warnEveryMs: 60_000,
    },
  });
  return server;
}

/** Opens a connection that sends `text` (nothing by default); answers when it is closed. */
async function open(url: string, text = ''): Promise<{ closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  socket.on('error', () => {});
  socket.resume();
  await new Promise<void>((done) => socket.once('connect', () => done()));
  const opened = Date.now();
  if (text) socket.write(text);
  return {
    closed: new Promise((done) => socket.once('close', () => done(Date.now() - opened))),
  };
}

it('drops connections past the cap, answers within it, and closes idle and half-sent ones', async () => {
  const { url } = await start();
  const held = [];
  for (let i = 0; i < 7; i += 1) held.push(await open(url));
  for (let i = 0; i < 3; i += 1) held.push(await open(url, 'GET /metrics HTTP/1.1\r\nHost: x\r\n'));
  // Ten are open: the eleventh is dropped at once, without an answer. (The bounds leave a
  // busy machine room: dropped is well under the 3 s the others are kept.)
  const extra = await open(url);
  expect(await extra.closed).toBeLessThan(1_500);
  // Idle and half-sent connections go within the header timeout (3 s) and its checks.
  const lifetimes = await Promise.all(held.map((connection) => connection.closed));
  for (const lifetime of lifetimes) {
    expect(lifetime).toBeGreaterThanOrEqual(2_000);
    expect(lifetime).toBeLessThan(10_000);
  }
  // Room again: a scrape is answered.
  const answer = await request(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  await answer.body.text();
});

it('logs requests without the token once per span, with their count', async () => {
  const logs: LogEntry[] = [];
  const { url } = await start(logs);
  for (let i = 0; i < 30; i += 1) {
    const answer = await request(`${url}/metrics`);
    expect(answer.statusCode).toBe(401);
    await answer.body.text();
  }
  const warnings = logs.filter(
    (e) => e.message === 'monitor serve: requests without a valid token',
  );
  expect(warnings).toHaveLength(1);
  expect(warnings[0]?.fields).toMatchObject({ handler: '/metrics', count: 1 });
});
