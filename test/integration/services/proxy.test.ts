import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';

let env: RecordingEmulator;
let proxy: ForwardProxy;

beforeAll(async () => {
  env = await startRecordingEmulator();
  proxy = await startForwardProxy();
});
afterAll(async () => {
  await proxy.close();
  await env.close();
});

async function listThrough(
  dispatcherOptions: Parameters<typeof createDispatcher>[0],
): Promise<number> {
  const dispatcher = createDispatcher(dispatcherOptions);
  try {
    const { client } = apiKeyClient(env.emulator, { dispatcher });
    return (await client.call('instances.list', {})).length;
  } finally {
    await dispatcher.close();
  }
}

describe('proxies', () => {
  it('sends requests through HTTP_PROXY from the environment', async () => {
    proxy.forwarded.length = 0;
    expect(await listThrough({ env: { HTTP_PROXY: proxy.url } })).toBe(3);
    expect(proxy.forwarded).toEqual([`GET ${env.emulator.baseUrl}/v1/sql-instances`]);
  });

  it('sends requests through the proxy URL setting, which wins over the environment', async () => {
    proxy.forwarded.length = 0;
    expect(
      await listThrough({ proxyUrl: proxy.url, env: { HTTP_PROXY: 'http://127.0.0.1:9' } }),
    ).toBe(3);
    expect(proxy.forwarded).toHaveLength(1);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    proxy.forwarded.length = 0;
    expect(await listThrough({ env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } })).toBe(3);
    expect(proxy.forwarded).toEqual([]);
  });
});

describe('a host that stalls behind the proxy', () => {
  let stalling: Server;
  let origin: string;

  beforeAll(async () => {
    // `/body`: the head and 1 KiB of a 1 MiB body, then silence; `/head`: not even a head.
    stalling = createServer((req, res) => {
      if (req.url === '/head') return;
      res.writeHead(200, { 'content-length': String(1024 * 1024) });
      res.write(Buffer.alloc(1024));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stalling.closeAllConnections();
    await new Promise<void>((resolve) => stalling.close(() => resolve()));
  });

  it.each([
    { path: '/body', code: 'UND_ERR_BODY_TIMEOUT' },
    { path: '/head', code: 'UND_ERR_HEADERS_TIMEOUT' },
  ])("keeps the dispatcher's timeouts on a forwarded request ($path)", async ({ path, code }) => {
    const dispatcher = createDispatcher({
      proxyUrl: proxy.url,
      env: {},
      headersTimeoutMs: 300,
      bodyTimeoutMs: 300,
    });
    try {
      const failure = await request(`${origin}${path}`, { dispatcher })
        .then((answer) => answer.body.text())
        .then(
          () => undefined,
          (error: unknown) => (error as { code?: string }).code,
        );
      expect(failure).toBe(code);
      expect(proxy.forwarded.at(-1)).toBe(`GET ${origin}${path}`);
    } finally {
      await dispatcher.destroy();
    }
  });
});
