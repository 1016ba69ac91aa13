import { ProxyAgent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { directRoute } from '../../../src/main/services/http/direct-route';
import { startStallingProxy, type StallingProxy } from '../../support/stalling-proxy';
import { type Engine, type EngineOptions } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import {
  expectExportServed,
  exportSample,
  importSampleChecked,
} from '../../support/transfer-flows';

/*
 * A storage host that stops mid-way, behind an HTTP proxy of the test's own: the proxy passes
 * part of an answer (or of an upload's body) and then nothing, keeping the connections open.
 * Every transfer path must notice within its read deadline (small here: the engine's
 * `readTimeoutMs`), drop the connection and go on with the direct path's retry and pause
 * rules: a single download, each connection of a download in ranges, a part of an upload and
 * a single-stream upload, through a forwarding proxy (the app's dispatcher with its proxy
 * setting) and through a CONNECT tunnel (undici's proxy agent with none of its own timeouts).
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const READ_TIMEOUT_MS = 500;

const fx = useTransferFixture(
  'stalled-proxy',
  { jobMs: 50, minPartSize: PART },
  { auth: { kind: 'apiKey', apiKey: 'demo-admin-key' } },
);
let proxy: StallingProxy;

beforeAll(async () => {
  proxy = await startStallingProxy();
});
afterAll(async () => {
  await proxy.close();
});

/** How the engine reaches the proxy: forwarded requests, or tunnels. */
const MODES = [
  {
    mode: 'forwarding proxy',
    via: 'forward',
    dispatcher: (): Dispatcher => createDispatcher({ proxyUrl: proxy.url, env: {} }),
  },
  {
    mode: 'CONNECT tunnel',
    via: 'connect',
    dispatcher: (): Dispatcher => new ProxyAgent({ uri: proxy.url, proxyTunnel: true }),
  },
] as const;

/** An engine whose pre-signed requests all go through the proxy (it closes the dispatcher). */
function engineVia(
  makeDispatcher: () => Dispatcher,
  options: Partial<EngineOptions> = {},
): Promise<Engine> {
  return fx.engine({
    presignedDispatcher: makeDispatcher(),
    // The app's route for this proxy: every download goes through undici and the proxy.
    directRoute: directRoute({ proxyUrl: proxy.url, env: {} }),
    readTimeoutMs: READ_TIMEOUT_MS,
    ...options,
  });
}

/** The exchanges through the proxy since `from` with `method`. */
function exchangesSince(from: number, method: string, via: string) {
  return proxy.exchanges.slice(from).filter((x) => x.method === method && x.via === via);
}

describe.each(MODES)('a storage host that stalls behind a $mode', ({ via, dispatcher }) => {
  it('a single download drops the stalled answer and resumes where it stopped', async () => {
    const e = await engineVia(dispatcher, { rangesInFlight: 1 });
    const from = proxy.exchanges.length;
    proxy.stall({ method: 'GET', direction: 'response', afterBytes: 3 * MIB });
    await expectExportServed(fx, await exportSample(fx, e, INSTANCE));
    const gets = exchangesSince(from, 'GET', via);
    expect(gets.filter((x) => x.stalled)).toHaveLength(1);
    expect(gets.length).toBeGreaterThanOrEqual(2);
  });

  it('each connection of a download in ranges drops its stalled answer and goes on', async () => {
    const e = await engineVia(dispatcher, { rangesInFlight: 3, downloadSegmentBytes: 2 * MIB });
    const from = proxy.exchanges.length;
    // The first answer and one of the connections opened after it stall.
    proxy.stall({ method: 'GET', direction: 'response', afterBytes: 512 * KIB, count: 2 });
    await expectExportServed(fx, await exportSample(fx, e, INSTANCE));
    const gets = exchangesSince(from, 'GET', via);
    expect(gets.filter((x) => x.stalled)).toHaveLength(2);
    expect(gets.length).toBeGreaterThanOrEqual(4);
  });

  it('a part of an upload whose body the host stops taking is sent again', async () => {
    const e = await engineVia(dispatcher, {
      partsInFlight: 2,
      partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    });
    const from = proxy.exchanges.length;
    proxy.stall({ method: 'PUT', direction: 'request', afterBytes: 64 * KIB });
    await importSampleChecked(fx, e, INSTANCE, { bytes: 2 * MIB + 999, label: 'Stalled' });
    expect(exchangesSince(from, 'PUT', via).filter((x) => x.stalled)).toHaveLength(1);
  });

  it('a single-stream upload whose answer never comes is sent again', async () => {
    const e = await engineVia(dispatcher, {
      partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    });
    const from = proxy.exchanges.length;
    // The host's answer stops before its head is through.
    proxy.stall({ method: 'PUT', direction: 'response', afterBytes: 0 });
    await importSampleChecked(fx, e, INSTANCE, { bytes: 600 * KIB, label: 'Stalled' });
    expect(exchangesSince(from, 'PUT', via).filter((x) => x.stalled)).toHaveLength(1);
  });

  it('a host that stalls every time ends in a pause for the network, with a message', async () => {
    const e = await engineVia(dispatcher, { rangesInFlight: 1, retry: { maxAttempts: 2 } });
    proxy.stall({ method: 'GET', direction: 'response', afterBytes: MIB, count: Infinity });
    try {
      const paused = await exportSample(fx, e, INSTANCE);
      expect(paused).toMatchObject({
        state: 'paused',
        pausedReason: 'network',
        error: { code: 'NETWORK' },
      });
      expect(paused.error?.message).toMatch(/storage host/);
    } finally {
      proxy.clear();
    }
  });
});
