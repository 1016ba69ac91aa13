import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { ProxyAuthenticator } from '../../../src/main/services/proxy/proxy-authenticator';
import {
  basicToken,
  ProxyCredentialStore,
} from '../../../src/main/services/proxy/proxy-credentials';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { listenOnLoopback } from '../../support/proxy-forwarding';
import { hasOpenssl, makeSelfSigned } from '../../support/self-signed';

/* A proxy answering 407: Basic answered once and kept; wrong credentials and Negotiate named. */

const GOOD = { user: 'alice', password: 'corp-secret-1' };
let host: { server: Server; url: string };
let basic: ForwardProxy;
let negotiate: ForwardProxy;

beforeAll(async () => {
  const server = createServer((_req, res) => res.end('behind the proxy'));
  host = { server, url: await listenOnLoopback(server) };
  basic = await startForwardProxy({
    challenges: ['Basic realm="corp"'],
    accept: basicToken(GOOD),
  });
  negotiate = await startForwardProxy({ challenges: ['Negotiate', 'NTLM'] });
});
afterAll(async () => {
  await basic.close();
  await negotiate.close();
  host.server.closeAllConnections();
  await new Promise((resolve) => host.server.close(resolve));
});

/** A dispatcher through `proxy` whose authenticator answers with `given`, counting the asks. */
function through(proxy: ForwardProxy, store: MemorySecretStore, given: unknown) {
  const asked: string[] = [];
  const proxyAuth = new ProxyAuthenticator({
    store: new ProxyCredentialStore(store),
    ask: ({ proxy: origin }) => {
      asked.push(origin);
      return Promise.resolve(given);
    },
  });
  return { dispatcher: createDispatcher({ proxyUrl: proxy.url, env: {}, proxyAuth }), asked };
}

async function get(dispatcher: ReturnType<typeof createDispatcher>): Promise<string> {
  const answer = await request(`${host.url}/data`, { dispatcher });
  return answer.body.text();
}

describe('a proxy that asks for Basic credentials', () => {
  it('asks once, stores them bound to the proxy, and the next run does not ask', async () => {
    const store = new MemorySecretStore();
    basic.authorizations.length = 0;
    const first = through(basic, store, GOOD);
    try {
      expect(await get(first.dispatcher)).toBe('behind the proxy');
      expect(await get(first.dispatcher)).toBe('behind the proxy');
    } finally {
      await first.dispatcher.close();
    }
    expect(first.asked).toEqual([basic.url]);
    expect(basic.authorizations[0]).toBe('-');
    expect(basic.authorizations.slice(1)).toContain(basicToken(GOOD));
    expect(await new ProxyCredentialStore(store).get(basic.url)).toEqual(GOOD);

    basic.authorizations.length = 0;
    const second = through(basic, store, undefined);
    try {
      expect(await get(second.dispatcher)).toBe('behind the proxy');
    } finally {
      await second.dispatcher.close();
    }
    expect(second.asked).toEqual([]);
    expect(basic.authorizations).not.toContain('-');
  });

  it('names wrong credentials, removes them and nothing else', async () => {
    const store = new MemorySecretStore();
    await store.set('profile:p1:apiKey', 'kept-api-key');
    const wrong = through(basic, store, { user: 'alice', password: 'wrong' });
    try {
      await expect(get(wrong.dispatcher)).rejects.toThrow(
        `The proxy ${basic.url} refused the user name and password (407)`,
      );
    } finally {
      await wrong.dispatcher.close();
    }
    expect(wrong.asked).toEqual([basic.url]);
    expect(await new ProxyCredentialStore(store).get(basic.url)).toBeUndefined();
    expect(await store.get('profile:p1:apiKey')).toBe('kept-api-key');
  });
});

describe('a proxy that asks for Negotiate or NTLM', () => {
  it('is named in the error with what to do, and nobody is asked', async () => {
    const asking = through(negotiate, new MemorySecretStore(), GOOD);
    try {
      await expect(get(asking.dispatcher)).rejects.toThrow(
        `The proxy ${negotiate.url} asks for credentials with Negotiate, NTLM. The DataBridge app answers these with your computer's sign-in; here DataBridge answers a proxy with Basic only. Ask IT`,
      );
    } finally {
      await asking.dispatcher.close();
    }
    expect(asking.asked).toEqual([]);
  });
});

const opensslMissing = !hasOpenssl();
if (opensslMissing) {
  console.log(
    'proxy-auth (tunnel): skipped, openssl is not installed (needed for a test certificate)',
  );
}

describe.skipIf(opensslMissing)(
  'a tunnelling proxy (https host) that asks for Basic credentials',
  () => {
    let dir: string;
    let secure: HttpsServer;
    let secureUrl: string;
    let ca: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'proxy-auth-'));
      const made = makeSelfSigned(dir, '127.0.0.1', 'IP:127.0.0.1');
      ca = readFileSync(made.certFile, 'utf8');
      secure = createHttpsServer({ key: readFileSync(made.keyFile), cert: ca }, (_req, res) =>
        res.end('behind the tunnel'),
      );
      await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
      secureUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    });

    it('asks once through CONNECT, then tunnels with the credentials', async () => {
      const store = new MemorySecretStore();
      const asked: string[] = [];
      const proxyAuth = new ProxyAuthenticator({
        store: new ProxyCredentialStore(store),
        ask: ({ proxy }) => {
          asked.push(proxy);
          return Promise.resolve(GOOD);
        },
      });
      basic.forwarded.length = 0;
      basic.authorizations.length = 0;
      const dispatcher = createDispatcher({ proxyUrl: basic.url, env: {}, ca: [ca], proxyAuth });
      try {
        const first = await request(`${secureUrl}/a`, { dispatcher });
        expect(await first.body.text()).toBe('behind the tunnel');
        const second = await request(`${secureUrl}/b`, { dispatcher });
        expect(await second.body.text()).toBe('behind the tunnel');
      } finally {
        await dispatcher.close();
      }
      expect(asked).toEqual([basic.url]);
      expect(basic.forwarded).toContain(`CONNECT ${new URL(secureUrl).host}`);
      expect(basic.authorizations[0]).toBe('-');
      expect(basic.authorizations).toContain(basicToken(GOOD));
    });
  },
);
