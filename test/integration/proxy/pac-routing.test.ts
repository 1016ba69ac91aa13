import { createServer, type Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appNetwork } from '../../../src/main/app/app-network';
import { directRoute } from '../../../src/main/services/http/direct-route';
import { createDispatcher, proxyResolverOf } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { presignedRequest } from '../../../src/main/services/transfers/presigned-http';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { listenOnLoopback } from '../../support/proxy-forwarding';

/*
 * A PAC file served on loopback sends the service host through one proxy, the storage host
 * through another (after a SOCKS entry DataBridge skips) and a third host straight; each
 * proxy records what went through it.
 */

let env: RecordingEmulator;
let serviceProxy: ForwardProxy;
let storageProxy: ForwardProxy;
let storage: { server: Server; url: string; seen: string[] };
let third: { server: Server; url: string; seen: string[] };
let pac: { server: Server; url: string; fetches: number };

async function startHost(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''} auth=${req.headers.authorization ?? '-'}`);
    res.end('stored bytes');
  });
  return { server, url: await listenOnLoopback(server), seen };
}

function pacText(): string {
  const port = (url: string): string => new URL(url).port;
  return `function FindProxyForURL(url, host) {
    if (shExpMatch(url, "*:${port(env.emulator.baseUrl)}/*")) return "PROXY ${new URL(serviceProxy.url).host}";
    if (shExpMatch(url, "*:${port(storage.url)}/*")) return "SOCKS 127.0.0.1:9; PROXY ${new URL(storageProxy.url).host}";
    return "DIRECT";
  }`;
}

beforeAll(async () => {
  env = await startRecordingEmulator();
  serviceProxy = await startForwardProxy();
  storageProxy = await startForwardProxy();
  storage = await startHost();
  third = await startHost();
  const state = { fetches: 0 };
  const server = createServer((req, res) => {
    if (req.url !== '/proxy.pac') {
      res.writeHead(404).end();
      return;
    }
    state.fetches += 1;
    res.writeHead(200, { 'content-type': 'application/x-ns-proxy-autoconfig' }).end(pacText());
  });
  const url = `${await listenOnLoopback(server)}/proxy.pac`;
  pac = {
    server,
    url,
    get fetches() {
      return state.fetches;
    },
  };
});
afterAll(async () => {
  for (const host of [storage, third, pac]) {
    host.server.closeAllConnections();
    await new Promise((resolve) => host.server.close(resolve));
  }
  await serviceProxy.close();
  await storageProxy.close();
  await env.close();
});

describe('a PAC file choosing the proxy per host', () => {
  it('sends the service, the storage host and a third host each its own way', async () => {
    const dispatcher = createDispatcher({ proxyPacUrl: pac.url, env: {} });
    try {
      const { client } = apiKeyClient(env.emulator, { dispatcher });
      expect(await client.call('instances.list', {})).toHaveLength(3);
      const stored = await presignedRequest(dispatcher, `${storage.url}/bucket/object?sig=x`, {
        method: 'GET',
      });
      expect(await stored.body.text()).toBe('stored bytes');
      const direct = await request(`${third.url}/other`, { dispatcher });
      expect(await direct.body.text()).toBe('stored bytes');
    } finally {
      await dispatcher.close();
    }
    expect(serviceProxy.forwarded).toEqual([`GET ${env.emulator.baseUrl}/v1/sql-instances`]);
    expect(storageProxy.forwarded).toEqual([`GET ${storage.url}/bucket/object?sig=x`]);
    // The storage host never sees the service's key, through the proxy or not.
    expect(storage.seen).toEqual(['GET /bucket/object?sig=x auth=-']);
    expect(third.seen).toEqual(['GET /other auth=-']);
    expect(pac.fetches).toBe(1);
  });

  it('gives the direct downloads the same choice', async () => {
    const resolver = proxyResolverOf({ proxyPacUrl: pac.url, env: {} });
    const route = directRoute({ resolver, env: {} });
    expect(await route.proxied(new URL(`${storage.url}/bucket/object`))).toBe(true);
    expect(await route.proxied(new URL(`${third.url}/other`))).toBe(false);
  });

  it('wins over HTTPS_PROXY, and loses to a proxy URL setting', async () => {
    const env = { HTTP_PROXY: 'http://127.0.0.1:9' };
    const withPac = proxyResolverOf({ proxyPacUrl: pac.url, env });
    expect(await withPac.resolve(new URL(`${third.url}/`))).toEqual({ kind: 'direct' });
    const withSetting = proxyResolverOf({ proxyUrl: storageProxy.url, proxyPacUrl: pac.url, env });
    expect(await withSetting.resolve(new URL(`${third.url}/`))).toEqual({
      kind: 'proxy',
      url: storageProxy.url,
    });
  });

  it('names the PAC URL when it cannot be read', async () => {
    const missing = `${new URL(pac.url).origin}/missing.pac`;
    const closed = new URL(pac.url);
    closed.port = '9';
    const cases = [
      { pacUrl: closed.href, reason: 'its host could not be reached' },
      { pacUrl: missing, reason: 'its host answered 404' },
    ];
    for (const { pacUrl, reason } of cases) {
      const dispatcher = createDispatcher({ proxyPacUrl: pacUrl, env: {} });
      try {
        await expect(request(`${third.url}/`, { dispatcher })).rejects.toThrow(
          `Could not use the proxy configuration file (PAC) at ${pacUrl}: ${reason}`,
        );
      } finally {
        await dispatcher.close();
      }
    }
  });
});

describe("the app's network", () => {
  it("routes by the system's answer when neither settings nor environment name a proxy", async () => {
    const asked: string[] = [];
    const systemProxy = (url: string): Promise<string> => {
      asked.push(url);
      return Promise.resolve(
        url.startsWith(storage.url) ? `PROXY ${new URL(storageProxy.url).host}` : 'DIRECT',
      );
    };
    storageProxy.forwarded.length = 0;
    const saved = {
      HTTPS_PROXY: process.env['HTTPS_PROXY'],
      HTTP_PROXY: process.env['HTTP_PROXY'],
    };
    delete process.env['HTTPS_PROXY'];
    delete process.env['HTTP_PROXY'];
    const { dispatcher } = appNetwork(
      { secretStore: new MemorySecretStore(), logger: silentLogger, systemProxy },
      {},
    );
    try {
      await (await request(`${storage.url}/a`, { dispatcher })).body.text();
      await (await request(`${storage.url}/b`, { dispatcher })).body.text();
      await (await request(`${third.url}/c`, { dispatcher })).body.text();
    } finally {
      Object.assign(process.env, saved);
      await dispatcher.close();
    }
    expect(storageProxy.forwarded).toEqual([`GET ${storage.url}/a`, `GET ${storage.url}/b`]);
    // Asked once per host (the answers are kept a while), with the origin only.
    expect(asked).toEqual([`${storage.url}/`, `${third.url}/`]);
  });

  it('takes the PAC URL setting over the system', async () => {
    const systemProxy = (): Promise<string> => Promise.reject(new Error('not to be asked'));
    const { dispatcher } = appNetwork(
      { secretStore: new MemorySecretStore(), logger: silentLogger, systemProxy },
      { proxyPacUrl: pac.url },
    );
    try {
      const answer = await request(`${third.url}/d`, { dispatcher });
      expect(await answer.body.text()).toBe('stored bytes');
    } finally {
      await dispatcher.close();
    }
  });
});
