import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyClient, startRecordingEmulator } from '../../support/emulator-fixture';
import { sendJson, startScriptedServer } from '../../support/scripted-server';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A sleep that records what it was asked to wait and returns at once. */
function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: (ms) => (waits.push(ms), Promise.resolve()) };
}

async function emulatorClient(options: Parameters<typeof startRecordingEmulator>[0] = {}) {
  const env = await startRecordingEmulator(options);
  const { sleep, waits } = recordingSleep();
  const { client, dispatcher } = apiKeyClient(env.emulator, { sleep });
  cleanups.push(
    () => env.close(),
    () => dispatcher.close(),
  );
  return { env, client, waits };
}

function scriptedClient(
  baseUrl: string,
  authUrl: string,
  extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {},
) {
  const { sleep, waits } = recordingSleep();
  const dispatcher = createDispatcher({ env: {} });
  cleanups.push(() => dispatcher.close());
  const client = new ServiceClient({
    baseUrl,
    authUrl,
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'p', apiKey: 'k' }),
    sleep,
    random: () => 0.5,
    ...extra,
  });
  return { client, waits };
}

const LIST_INSTANCES = /^GET \/databridge\/v1\/sql-instances /;

describe('retries against the emulator', () => {
  it('retries an idempotent GET after a 503, waiting what Retry-After says', async () => {
    const { env, client, waits } = await emulatorClient();
    env.emulator.faults.set({ retryAfterSec: 1 });
    env.emulator.faults.once('request503');
    expect((await client.call('instances.list', {})).length).toBe(3);
    expect(waits).toEqual([1000]);
    expect(env.requests.filter((l) => LIST_INSTANCES.test(l)).map((l) => l.split(' ')[2])).toEqual([
      '503',
      '200',
    ]);
  });

  it('retries after a 429 with Retry-After 0', async () => {
    const { env, client, waits } = await emulatorClient();
    env.emulator.faults.set({ retryAfterSec: 0 });
    env.emulator.faults.once('request429');
    await client.call('clientIp.get', {});
    expect(waits).toEqual([0]);
    expect(env.count(/^GET \/databridge\/v1\/MyIp 429/)).toBe(1);
  });

  it('never replays a POST that reached the service', async () => {
    const { env, client, waits } = await emulatorClient();
    env.emulator.faults.set({ retryAfterSec: 0 });
    env.emulator.faults.once('request503');
    await expect(
      client.call('databases.create', {
        pathParams: { instanceName: 'sql-eu-prod-01' },
        body: { databaseName: 'Once_Only' },
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', operation: 'databases.create', status: 503 });
    expect(env.count(/^POST \/databridge\/v1\/sql-instances\/sql-eu-prod-01\/Databases /)).toBe(1);
    expect(waits).toEqual([]);
  });

  it('gives up after a bounded number of attempts', async () => {
    const { env, client, waits } = await emulatorClient({
      faults: { rate503: 1, retryAfterSec: 0 },
    });
    await expect(client.call('instances.list', {})).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(env.count(LIST_INSTANCES)).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than its limit: RATE_LIMITED with the wait', async () => {
    const { env, client, waits } = await emulatorClient();
    env.emulator.faults.set({ retryAfterSec: 120 });
    env.emulator.faults.once('request429');
    await expect(client.call('instances.list', {})).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterMs: 120_000,
    });
    expect(waits).toEqual([]);
  });
});

describe('retries against a scripted server', () => {
  it('backs off with full jitter when the answer has no Retry-After', async () => {
    const server = await startScriptedServer((_req, res, index) => {
      if (index < 3) return sendJson(res, 502, { message: 'bad gateway' });
      sendJson(res, 200, { clientIP: '127.0.0.1', isAllowed: true });
    });
    cleanups.push(() => server.close());
    const { client, waits } = scriptedClient(server.baseUrl, server.authUrl);
    await client.call('clientIp.get', {});
    expect(waits).toEqual([150, 300, 600]); // random 0.5 of 300, 600, 1200
  });

  it('retries a refused connection even for a POST, since it never reached the server', async () => {
    const port = await freePort();
    const { client, waits } = scriptedClient(
      `http://127.0.0.1:${port}/databridge`,
      `http://127.0.0.1:${port}/sml/auth/v1`,
    );
    await expect(
      client.call('logins.create', {
        pathParams: { instanceName: 'i' },
        body: { login: 'x', password: 'y', role: 'Consumer' },
      }),
    ).rejects.toMatchObject({
      code: 'NETWORK',
      operation: 'logins.create',
      details: 'ECONNREFUSED',
    });
    expect(waits).toHaveLength(3);
  });

  it('does not replay a POST whose connection broke after it was sent; a GET is retried', async () => {
    const server = await startScriptedServer((req, res) => {
      if (req.method === 'POST' || server.seen.length === 1) return res.socket?.destroy();
      sendJson(res, 200, { clientIP: '127.0.0.1', isAllowed: true });
    });
    cleanups.push(() => server.close());
    const { client } = scriptedClient(server.baseUrl, server.authUrl);
    await expect(
      client.call('databases.rename', {
        pathParams: { instanceName: 'i', databaseName: 'd' },
        body: { name: 'e' },
      }),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await client.call('clientIp.get', {})).toMatchObject({ isAllowed: true });
  });

  it('keeps unknown fields, and names the operation and the field of an answer that does not parse', async () => {
    const server = await startScriptedServer((req, res) => {
      if (req.url?.endsWith('/MyIp'))
        return sendJson(res, 200, { clientIP: '1.2.3.4', isAllowed: true, region: 'EU' });
      sendJson(res, 200, [{ name: 42 }]);
    });
    cleanups.push(() => server.close());
    const { client } = scriptedClient(server.baseUrl, server.authUrl);
    expect(await client.call('clientIp.get', {})).toEqual({
      clientIP: '1.2.3.4',
      isAllowed: true,
      region: 'EU',
    });
    const failure = client.call('instances.list', {});
    await expect(failure).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      operation: 'instances.list',
    });
    await expect(failure).rejects.toThrow(/instances\.list \(field \[0\]\.name/);
  });

  it('reads problem documents and plain-text error bodies', async () => {
    const server = await startScriptedServer((req, res) => {
      if (req.url?.includes('/Databases')) {
        return sendJson(res, 400, {
          title: 'One or more validation errors occurred.',
          errors: { name: ['Name is too long.'] },
        });
      }
      res.writeHead(409, { 'content-type': 'text/plain' });
      res.end('Login already exists.');
    });
    cleanups.push(() => server.close());
    const { client } = scriptedClient(server.baseUrl, server.authUrl);
    await expect(
      client.call('databases.create', {
        pathParams: { instanceName: 'i' },
        body: { databaseName: 'x' },
      }),
    ).rejects.toThrow(
      'Could not create a database on i: name: Name is too long. Check the values and try again.',
    );
    await expect(
      client.call('logins.create', {
        pathParams: { instanceName: 'i' },
        body: { login: 'a', password: 'b', role: 'Consumer' },
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Login already exists') as unknown,
    });
  });

  it('cancels through the AbortSignal, during a request and during a wait', async () => {
    const server = await startScriptedServer(() => undefined); // never answers
    cleanups.push(() => server.close());
    const { client } = scriptedClient(server.baseUrl, server.authUrl);
    const controller = new AbortController();
    const pending = client.call('instances.list', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED', operation: 'instances.list' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      client.call('instances.list', {}, { signal: aborted.signal }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('sends the API key as is, without a scheme', async () => {
    const server = await startScriptedServer((_req, res) =>
      sendJson(res, 200, { clientIP: 'x', isAllowed: true }),
    );
    cleanups.push(() => server.close());
    const { client } = scriptedClient(server.baseUrl, server.authUrl);
    await client.call('clientIp.get', {});
    expect(server.seen[0]).toMatchObject({ url: '/databridge/v1/MyIp', authorization: 'k' });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
