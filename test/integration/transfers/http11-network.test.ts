import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadStackHandle } from '../../support/download-stacks';
import {
  answerWell,
  chunked,
  content,
  etag,
  expectResumedAt,
  firstThenWell,
  KIB,
  READ_TIMEOUT_MS,
  useHttp11Fixture,
} from '../../support/http11-fixture';
import { answerHead, flush, startRawHost, type RawHost } from '../../support/raw-http-host';
import { hasOpenssl, makeSelfSigned } from '../../support/self-signed';
import { startStallingProxy, type StallingProxy } from '../../support/stalling-proxy';

/*
 * The network choice of the app (proxy, CA list, timeouts: read once from the settings and
 * the environment) carries downloads on every path: a proxy CONNECT to a host whose
 * certificate only a private CA signs, the extra CA on a direct GET, NO_PROXY, and the body
 * timeout on a direct GET and on its undici fallback alike.
 */

const fx = useHttp11Fixture('http11-network');

const opensslMissing = !hasOpenssl();
if (opensslMissing)
  console.log('http11 network: the TLS cases are skipped, openssl is not installed');

describe.skipIf(opensslMissing)('a host with a private CA', () => {
  let tlsHost: RawHost;
  let proxy: StallingProxy;
  let caFile: string;

  beforeAll(async () => {
    const certDir = join(fx.dir, 'tls');
    await mkdir(certDir, { recursive: true });
    const made = makeSelfSigned(certDir, 'localhost', 'DNS:localhost');
    caFile = made.certFile;
    const tls = { key: await readFile(made.keyFile), cert: await readFile(made.certFile) };
    tlsHost = await startRawHost(answerWell, tls);
    proxy = await startStallingProxy();
  });

  afterEach(() => {
    tlsHost.answer(answerWell);
    tlsHost.requests.length = 0;
    proxy.exchanges.length = 0;
  });

  afterAll(async () => {
    await proxy.close();
    await tlsHost.close();
  });

  /** Downloads `path` of the TLS host and checks the file. */
  async function downloadsFromTls(engine: DownloadStackHandle, path: string): Promise<void> {
    await fx.downloadsWhole(engine, `${tlsHost.origin}${path}`);
  }

  function tunnels(): string[] {
    return proxy.exchanges.filter((x) => x.via === 'connect').map((x) => x.target);
  }

  describe.each(['direct', 'undici'] as const)(
    'behind a proxy CONNECT, on the %s stack',
    (stack) => {
      /** The proxy setting, and the private CA in the extra CA file unless `trusted` is false. */
      const network = (trusted = true) => ({
        proxyUrl: proxy.url,
        env: {},
        useSystemCa: false,
        ...(trusted ? { extraCaFile: caFile } : {}),
      });

      it('trusts the extra CA of the settings inside the tunnel', async () => {
        await downloadsFromTls(fx.engineOf({ stack, network: network() }), '/file?sig=tunnel');
        expect(tunnels()).toEqual([`localhost:${tlsHost.port}`]);
        expect(tlsHost.requests.map((request) => request.target)).toEqual(['/file?sig=tunnel']);
      });

      it('refuses the host without that CA, sending it no request', async () => {
        const engine = fx.engineOf({ stack, network: network(false) });
        const failure = await engine
          .download(`${tlsHost.origin}/file?sig=untrusted`, fx.target())
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(failure).toMatchObject({
          details: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/) as unknown,
        });
        expect(tunnels().length).toBeGreaterThanOrEqual(1);
        expect(tlsHost.requests).toEqual([]);
      });

      it('resumes through the tunnel after the connection closed mid-body', async () => {
        const sent = 30 * KIB;
        tlsHost.answer(
          firstThenWell(async (_request, socket) => {
            const fields = { ETag: etag, 'Content-Length': content.length, Connection: 'close' };
            await flush(socket, answerHead('200 OK', fields));
            await flush(socket, content.subarray(0, sent));
            socket.end();
          }),
        );
        await downloadsFromTls(fx.engineOf({ stack, network: network() }), '/file?sig=cut');
        expect(tlsHost.requests).toHaveLength(2);
        // Through a proxy both stacks read with undici.
        expectResumedAt(tlsHost.requests[1]?.headers['range'], sent, false);
        expect(tunnels()).toHaveLength(2);
      });
    },
  );

  describe('the network settings, read once, on the direct route and its undici fallback', () => {
    it('the extra CA is trusted by a direct GET, and only with it', async () => {
      const trusting = fx.engineOf({
        stack: 'direct',
        network: { env: {}, useSystemCa: false, extraCaFile: caFile },
      });
      await downloadsFromTls(trusting, '/file?sig=direct');
      expect(proxy.exchanges).toEqual([]);
      const untrusting = fx.engineOf({ stack: 'direct', network: { env: {}, useSystemCa: false } });
      await expect(
        untrusting.download(`${tlsHost.origin}/file`, fx.target()),
      ).rejects.toMatchObject({
        details: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/) as unknown,
      });
    });

    it('the proxy of the environment is taken, and NO_PROXY goes around it', async () => {
      const proxied = { HTTPS_PROXY: proxy.url };
      const base = { useSystemCa: false, extraCaFile: caFile };
      await downloadsFromTls(
        fx.engineOf({ stack: 'direct', network: { ...base, env: proxied } }),
        '/file?sig=env-proxy',
      );
      expect(tunnels()).toEqual([`localhost:${tlsHost.port}`]);
      proxy.exchanges.length = 0;
      await downloadsFromTls(
        fx.engineOf({
          stack: 'direct',
          network: { ...base, env: { ...proxied, NO_PROXY: 'localhost' } },
        }),
        '/file?sig=no-proxy',
      );
      expect(proxy.exchanges).toEqual([]);
      expect(tlsHost.requests).toHaveLength(2);
    });
  });
});

describe('the body timeout of the network settings', () => {
  const network = { env: {}, useSystemCa: false, bodyTimeoutMs: READ_TIMEOUT_MS };

  /** Settles `run` or answers 'stuck' after a few seconds (the app's default is a minute). */
  async function settles(run: Promise<unknown>): Promise<string> {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('stuck'), 8_000));
    return Promise.race([run.then(() => 'done'), late]);
  }

  it('cuts a direct GET that stalls', async () => {
    fx.host.answer(
      firstThenWell(async (_request, socket) => {
        await flush(socket, answerHead('200 OK', { ETag: etag, 'Content-Length': content.length }));
        await flush(socket, content.subarray(0, 5000));
      }),
    );
    const engine = fx.engineOf({ stack: 'direct', network });
    const state = fx.target();
    expect(await settles(engine.download(`${fx.host.origin}/stall-direct`, state))).toBe('done');
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(fx.ranges()).toEqual([undefined, 'bytes=5000-']);
  });

  it('cuts a chunked answer that stalls on undici, behind the direct route', async () => {
    const sent = 12 * KIB;
    fx.host.answer(async (request, socket, index) => {
      if (request.headers['range'] !== undefined) return answerWell(request, socket);
      await flush(socket, answerHead('200 OK', { ETag: etag, 'Transfer-Encoding': 'chunked' }));
      // The direct GET leaves after the head; undici reads the start of the body, then nothing.
      if (index === 1) await flush(socket, chunked(0, sent));
    });
    const engine = fx.engineOf({ stack: 'direct', network });
    const state = fx.target();
    expect(await settles(engine.download(`${fx.host.origin}/stall-chunked`, state))).toBe('done');
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    // The direct GET that left, undici's that stalled, and the resume after undici's bytes.
    expect(fx.ranges()).toHaveLength(3);
    expectResumedAt(fx.ranges()[2], sent, false);
    expect(fx.ranges()[2]).toMatch(/^bytes=\d+-$/);
  });
});
