import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../support/scripted-server';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import { ServiceError } from '../../../src/main/services/common/service-error';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';

/*
 * The overall deadline of an operation, against loopback servers that misbehave: one that
 * never answers, one that resets, one that sends its body a byte at a time. The dispatcher's
 * idle timeouts (60 s) never fire here; only the deadline (1.5 s in these tests) ends them.
 */

const DEADLINE_MS = 1500;
/** How late after the deadline a call may end. */
const SLACK_MS = 1000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A scripted server that also notes when each request arrived (performance.now()). */
async function timedServer(
  handler: Parameters<typeof startScriptedServer>[0],
): Promise<{ server: ScriptedServer; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = await startScriptedServer((req, res, index) => {
    arrivals.push(performance.now());
    handler(req, res, index);
  });
  cleanups.push(() => server.close());
  return { server, arrivals };
}

/**
 * A client with a 1.5 s deadline (or `deadlineMs`), real waits, and half the backoff cap each
 * time (or `random` of it), from a first cap of 300 ms (or `baseDelayMs`).
 */
function shortClient(
  server: ScriptedServer,
  random = 0.5,
  { deadlineMs = DEADLINE_MS, baseDelayMs = 300 } = {},
): ServiceClient {
  const dispatcher = createDispatcher({ env: {} });
  cleanups.push(() => dispatcher.destroy());
  return new ServiceClient({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'p', apiKey: 'k' }),
    random: () => random,
    retry: { baseDelayMs },
    limits: { deadlineMs },
  });
}

/** Runs `call`, answering its error and how long it took. */
async function timed(
  call: () => Promise<unknown>,
): Promise<{ error: unknown; ms: number; started: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: performance.now() - started, started };
  }
  throw new Error('the call succeeded');
}

/** Writes one space every 200 ms until the client hangs up; resolves with the bytes sent. */
function dribble(res: ServerResponse): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  let sent = 1;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      res.write(' ');
      sent += 1;
    }, 200);
    res.on('close', () => {
      clearInterval(timer);
      resolve(sent);
    });
  });
}

describe('the operation deadline', () => {
  it('ends a call to a server that never answers, with NETWORK naming the host and time', async () => {
    const { server } = await timedServer(() => undefined);
    const client = shortClient(server);
    const { error, ms } = await timed(() => client.call('instances.list', {}));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'NETWORK', operation: 'instances.list' });
    const host = new URL(server.origin).host;
    expect((error as Error).message).toBe(
      `Could not list instances: no answer from ${host} in 1.5 s. Check the network connection, proxy and VPN settings, then try again.`,
    );
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(server.seen).toHaveLength(1);
  });

  it('bounds a token request the same way', async () => {
    const { server } = await timedServer(() => undefined);
    const client = shortClient(server);
    const { error, ms } = await timed(() =>
      client.call('auth.loginImplicit', {
        body: { tenantName: 't', username: 'u', password: 'p' },
      }),
    );
    expect(error).toMatchObject({ code: 'NETWORK', operation: 'auth.loginImplicit' });
    expect((error as Error).message).toContain('in 1.5 s');
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  });

  it('counts retries and their waits inside the deadline; no attempt starts after it', async () => {
    // Two resets (retried after 150 and 300 ms), then silence until the deadline.
    const { server, arrivals } = await timedServer((_req, res, index) => {
      if (index < 2) res.socket?.destroy();
    });
    const client = shortClient(server);
    const { error, ms, started } = await timed(() => client.call('instances.list', {}));
    expect(error).toMatchObject({ code: 'NETWORK' });
    expect((error as Error).message).toContain('no answer from');
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(arrivals).toHaveLength(3);
    expect(Math.max(...arrivals) - started).toBeLessThan(DEADLINE_MS);
  });

  it('does not begin a retry wait that would pass the deadline: the failure at hand ends it', async () => {
    // Always reset; with the full backoff cap the waits are 600, 1200, then 2400 ms. The third
    // failure comes after at least 1.8 s, so the third wait would end past the 4.1 s deadline
    // however fast the machine: it is reported at once. A busy machine has 2.3 s of room
    // before the deadline itself would end the call instead.
    const deadlineMs = 4100;
    const { server } = await timedServer((_req, res) => res.socket?.destroy());
    const client = shortClient(server, 1, { deadlineMs, baseDelayMs: 600 });
    const { error, ms } = await timed(() => client.call('instances.list', {}));
    expect(error).toMatchObject({ code: 'NETWORK' });
    expect((error as Error).message).toContain('the connection was interrupted');
    expect(server.seen).toHaveLength(3);
    expect(ms).toBeLessThan(deadlineMs);
  });

  it('does not wait for a Retry-After past the deadline: the status error comes at once', async () => {
    const { server } = await timedServer((_req, res) =>
      sendJson(res, 503, { message: 'maintenance' }, { 'retry-after': '5' }),
    );
    const client = shortClient(server);
    const { error, ms } = await timed(() => client.call('instances.list', {}));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', status: 503, retryAfterMs: 5000 });
    expect(server.seen).toHaveLength(1);
    expect(ms).toBeLessThan(DEADLINE_MS);
  });

  it('ends a body sent one byte per 200 ms, and hangs up on it', async () => {
    let sent: Promise<number> | undefined;
    const { server } = await timedServer((_req, res) => {
      sent = dribble(res);
    });
    const client = shortClient(server);
    const { error, ms } = await timed(() => client.call('instances.list', {}));
    expect(error).toMatchObject({ code: 'NETWORK', operation: 'instances.list' });
    expect((error as Error).message).toContain('in 1.5 s');
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // The server sees the connection closed (its promise resolves) with a few bytes sent.
    expect(await sent).toBeLessThan(12);
  });

  it('still reports the caller’s cancel as CANCELLED, not as the deadline', async () => {
    const { server } = await timedServer(() => undefined);
    const client = shortClient(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { error, ms } = await timed(() =>
      client.call('instances.list', {}, { signal: controller.signal }),
    );
    expect(error).toMatchObject({ code: 'CANCELLED', operation: 'instances.list' });
    expect(ms).toBeLessThan(DEADLINE_MS);
  });
});
