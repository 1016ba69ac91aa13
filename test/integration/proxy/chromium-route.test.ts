import { createServer, type Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import type { RequestPort } from '../../../src/main/services/http/request-port';
import { ProxyAuthenticator } from '../../../src/main/services/proxy/proxy-authenticator';
import {
  basicToken,
  ProxyCredentialStore,
} from '../../../src/main/services/proxy/proxy-credentials';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { nodeRequestPort } from '../../support/node-request-port';
import { listenOnLoopback } from '../../support/proxy-forwarding';

/*
 * The app's dispatcher and a proxy that asks for the user's sign-in (Negotiate, NTLM), which
 * undici cannot give: its requests go to the Chromium port from then on (here Node's
 * http.request, recording what it carried), and a proxy that takes Basic keeps undici. Where
 * there is no port (the command line), proxy-auth.test.ts holds the error saying what to do.
 */

const GOOD = { user: 'alice', password: 'corp-secret-1' };
let host: { server: Server; url: string };
let negotiate: ForwardProxy;
let either: ForwardProxy;

beforeAll(async () => {
  const server = createServer((_req, res) => res.end('behind the proxy'));
  host = { server, url: await listenOnLoopback(server) };
  negotiate = await startForwardProxy({ challenges: ['Negotiate', 'NTLM'] });
  either = await startForwardProxy({
    challenges: ['Negotiate', 'Basic realm="corp"'],
    accept: basicToken(GOOD),
  });
});
afterAll(async () => {
  await negotiate.close();
  await either.close();
  host.server.closeAllConnections();
  await new Promise((resolve) => host.server.close(resolve));
});

/** The app's dispatcher through `proxy`, with a port or without, counting the asks. */
function appDispatcher(proxy: ForwardProxy, chromiumRequest?: RequestPort) {
  const asked: string[] = [];
  const proxyAuth = new ProxyAuthenticator({
    store: new ProxyCredentialStore(new MemorySecretStore()),
    ask: ({ proxy: origin }) => {
      asked.push(origin);
      return Promise.resolve(GOOD);
    },
  });
  const dispatcher = createDispatcher({
    proxyUrl: proxy.url,
    env: {},
    proxyAuth,
    ...(chromiumRequest ? { chromiumRequest } : {}),
  });
  return { dispatcher, asked };
}

async function get(dispatcher: ReturnType<typeof createDispatcher>, path: string) {
  const answer = await request(`${host.url}${path}`, { dispatcher });
  return answer.body.text();
}

describe('a proxy that asks for Negotiate or NTLM, in the app', () => {
  it('sends the refused request and every later one through the Chromium port', async () => {
    const node = nodeRequestPort();
    const app = appDispatcher(negotiate, node.port);
    negotiate.authorizations.length = 0;
    try {
      expect(await get(app.dispatcher, '/first')).toBe('behind the proxy');
      // The refused request and the probe that learnt the schemes reached the proxy.
      const seenByProxy = negotiate.authorizations.length;
      expect(seenByProxy).toBe(2);
      expect(await get(app.dispatcher, '/second')).toBe('behind the proxy');
      expect(await get(app.dispatcher, '/third')).toBe('behind the proxy');
      // undici sent nothing more to the proxy: the port took them.
      expect(negotiate.authorizations).toHaveLength(seenByProxy);
    } finally {
      await app.dispatcher.close();
    }
    expect(node.carried).toEqual(
      ['/first', '/second', '/third'].map((path) => ({
        method: 'GET',
        url: `${host.url}${path}`,
        proxy: negotiate.url,
      })),
    );
    expect(app.asked).toEqual([]);
  });

  it("names the proxy's refusal of the sign-in Chromium sent, with what to do", async () => {
    // The port goes through the proxy as Chromium would, and has no sign-in it accepts.
    const node = nodeRequestPort({ viaProxy: true });
    const app = appDispatcher(negotiate, node.port);
    try {
      await expect(get(app.dispatcher, '/refused')).rejects.toThrow(
        `The proxy ${negotiate.url} did not accept this computer's sign-in (Negotiate or NTLM).`,
      );
    } finally {
      await app.dispatcher.close();
    }
    expect(node.carried).toHaveLength(1);
  });
});

describe('a proxy that offers Basic besides Negotiate, in the app', () => {
  it('is answered with Basic through undici, and the port carries nothing', async () => {
    const node = nodeRequestPort();
    const app = appDispatcher(either, node.port);
    either.authorizations.length = 0;
    try {
      expect(await get(app.dispatcher, '/a')).toBe('behind the proxy');
      expect(await get(app.dispatcher, '/b')).toBe('behind the proxy');
    } finally {
      await app.dispatcher.close();
    }
    expect(app.asked).toEqual([either.url]);
    expect(either.authorizations).toContain(basicToken(GOOD));
    expect(node.carried).toEqual([]);
  });
});
