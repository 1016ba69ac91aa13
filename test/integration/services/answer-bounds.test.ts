import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyClient, startRecordingEmulator } from '../../support/emulator-fixture';
import { startScriptedServer, type ScriptedServer } from '../../support/scripted-server';
import { LARGE_SEED } from '../../../src/emulator/seed/seed';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';
import { SERVICE_LIMITS } from '../../../src/main/services/http/service-limits';

/*
 * The bound on what the client reads of an answer: a larger one is refused, and the client
 * stops reading at the bound (it hangs up) rather than reading it whole first.
 */

const MiB = 2 ** 20;
/** What the server offers: fifty times the bound of these tests. */
const OFFERED = 50 * MiB;
/**
 * The most the server may have written before it sees the client hang up: the bound, plus
 * what the socket buffers on both sides and undici's stream held.
 */
const MAX_WRITTEN = 8 * MiB;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const started = await startScriptedServer(handler);
  cleanups.push(() => started.close());
  return started;
}

/** A client whose list answers may be 1 MiB at most. */
function boundedClient(target: ScriptedServer): ServiceClient {
  const dispatcher = createDispatcher({ env: {} });
  cleanups.push(() => dispatcher.destroy());
  return new ServiceClient({
    baseUrl: target.baseUrl,
    authUrl: target.authUrl,
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'p', apiKey: 'k' }),
    limits: { listAnswerBytes: MiB, deadlineMs: 10_000 },
  });
}

/**
 * Streams `total` bytes of a JSON array in 64 KiB writes, as fast as the client takes them
 * (a write waits for the last one to drain), until done or the client hangs up. Resolves
 * with the bytes handed to the socket by then: at most 64 KiB more than the client could
 * have read.
 */
function stream(res: ServerResponse, status: number, total: number): Promise<number> {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.write('[');
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve) => {
    let written = 1;
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve(written);
    });
    const pump = (): void => {
      while (!closed && written < total) {
        written += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) res.end(']');
    };
    pump();
  });
}

describe('answer bounds', () => {
  it('refuses a list answer past its bound and stops reading there', async () => {
    let written: Promise<number> | undefined;
    const target = await server((_req, res) => {
      written = stream(res, 200, OFFERED);
    });
    const failure = boundedClient(target).call('instances.list', {});
    await expect(failure).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      operation: 'instances.list',
    });
    await expect(failure).rejects.toThrow(
      'Could not list instances: the service sent an answer larger than 1.00 MiB, the most read for instances.list, so reading stopped there.',
    );
    expect(target.seen).toHaveLength(1); // not retried
    expect(await written).toBeLessThan(MAX_WRITTEN);
  });

  it('refuses a Content-Length past the bound without reading the body', async () => {
    let closed: Promise<void> | undefined;
    const target = await server((_req, res) => {
      // Headers only: a client that tried to read the body would wait for the deadline.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(OFFERED) });
      res.flushHeaders();
      closed = new Promise((resolve) => res.on('close', () => resolve()));
    });
    const started = performance.now();
    await expect(boundedClient(target).call('instances.list', {})).rejects.toThrow(
      'answer larger than 1.00 MiB',
    );
    expect(performance.now() - started).toBeLessThan(1000);
    await closed; // and the connection was dropped, not kept to drain the body
  });

  it('reads at most a small bound of an error answer; the status then speaks', async () => {
    let written: Promise<number> | undefined;
    const target = await server((_req, res) => {
      written = stream(res, 500, OFFERED);
    });
    await expect(boundedClient(target).call('instances.list', {})).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 500,
      message: expect.stringContaining('the service answered HTTP 500') as unknown,
    });
    expect(await written).toBeLessThan(MAX_WRITTEN);
  });

  it('fits a full page of 5,000 archives from the large seed in the default list bound', async () => {
    const env = await startRecordingEmulator({ seed: 'large' });
    cleanups.push(() => env.close());
    const { client, dispatcher } = apiKeyClient(env.emulator);
    cleanups.push(() => dispatcher.close());
    const page = await client.call('archives.list', {
      pathParams: { instanceName: 'sql-eu-prod-01' },
      query: { limit: LARGE_SEED.archives },
    });
    expect(page).toHaveLength(5000);
    // With room to spare: the page is well under a sixteenth of the bound.
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(
      SERVICE_LIMITS.listAnswerBytes / 16,
    );
  });
});
