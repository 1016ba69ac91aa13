import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import {
  createDispatcher,
  type DispatcherOptions,
} from '../../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';
import { hasOpenssl, makeSelfSigned } from '../../support/self-signed';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';

/*
 * A private CA, as behind a company's TLS-inspecting proxy: an HTTPS server on 127.0.0.1 with
 * a certificate no public root signs. The client trusts it only through the extra CA file.
 */

const opensslMissing = !hasOpenssl();
if (opensslMissing)
  console.log(
    'tls-extra-ca: skipped, openssl is not installed (needed to make a test certificate)',
  );

let dir: string;
let server: Server;
let proxy: ForwardProxy;
let baseUrl: string;
let caFile: string;

beforeAll(async () => {
  if (opensslMissing) return;
  dir = mkdtempSync(join(tmpdir(), 'extra-ca-'));
  const made = makeSelfSigned(dir, '127.0.0.1', 'IP:127.0.0.1');
  caFile = made.certFile;
  server = createServer(
    { key: readFileSync(made.keyFile), cert: readFileSync(caFile) },
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ clientIP: '127.0.0.1', isAllowed: true }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/databridge`;
  proxy = await startForwardProxy();
});

afterAll(async () => {
  if (opensslMissing) return;
  await proxy.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function myIp(options: DispatcherOptions): Promise<unknown> {
  const dispatcher = createDispatcher(options);
  const client = new ServiceClient({
    baseUrl,
    authUrl: baseUrl.replace('/databridge', '/sml/auth/v1'),
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'p', apiKey: 'k' }),
    retry: { maxAttempts: 1 },
  });
  try {
    return await client.call('clientIp.get', {});
  } finally {
    await dispatcher.close();
  }
}

describe.skipIf(opensslMissing)('extra CA certificates (skipped without openssl)', () => {
  it('refuses a certificate from an unknown CA, saying what to do', async () => {
    await expect(myIp({ env: {}, useSystemCa: false })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringMatching(/certificate is not trusted.*NODE_EXTRA_CA_CERTS/) as unknown,
    });
  });

  it('trusts it through NODE_EXTRA_CA_CERTS', async () => {
    expect(await myIp({ env: { NODE_EXTRA_CA_CERTS: caFile } })).toEqual({
      clientIP: '127.0.0.1',
      isAllowed: true,
    });
  });

  it('tunnels HTTPS through HTTPS_PROXY with CONNECT, checking the server with the extra CA', async () => {
    proxy.forwarded.length = 0;
    expect(await myIp({ env: { HTTPS_PROXY: proxy.url }, extraCaFile: caFile })).toMatchObject({
      isAllowed: true,
    });
    expect(proxy.forwarded).toEqual([`CONNECT ${new URL(baseUrl).host}`]);
  });
});
