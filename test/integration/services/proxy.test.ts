import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from './helpers/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from './helpers/forward-proxy';

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
