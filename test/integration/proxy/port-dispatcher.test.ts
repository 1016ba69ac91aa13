import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeyAuth } from '../../../src/main/services/auth/api-key-auth';
import { isFinalJobStatus } from '../../../src/shared/contract/enums';
import { PortDispatcher } from '../../../src/main/services/http/port-dispatcher';
import { ServiceClient } from '../../../src/main/services/http/service-client';
import { apiKeyClient } from '../../support/emulator-fixture';
import { nodeRequestPort } from '../../support/node-request-port';
import { startScriptedServer } from '../../support/scripted-server';
import { startStallingProxy, type StallingProxy } from '../../support/stalling-proxy';
import { useTransferFixture } from '../../support/transfer-fixture';
import {
  expectExportServed,
  exportSample,
  importSampleChecked,
} from '../../support/transfer-flows';

/*
 * The dispatcher that sends through a port (Chromium's `net.request` in the app), with Node's
 * own `http.request` as the port: a real HTTP client of the same shape, over real HTTP. The
 * service client's calls, a download and an upload of the transfer engine, a deadline that
 * aborts, and the idle deadline of a host that stops mid-way all go through it.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'port-dispatcher',
  { jobMs: 50, minPartSize: PART },
  { auth: { kind: 'apiKey', apiKey: 'demo-admin-key' } },
);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let proxy: StallingProxy;
beforeAll(async () => {
  proxy = await startStallingProxy();
});
afterAll(async () => {
  await proxy.close();
});

describe('a dispatcher sending through a port (Node http.request)', () => {
  it("carries the service client's GET and its POST with a JSON body", async () => {
    const node = nodeRequestPort();
    const dispatcher = new PortDispatcher({ port: node.port });
    cleanups.push(() => dispatcher.close());
    const { client } = apiKeyClient(fx.emulator, { apiKey: 'demo-admin-key', dispatcher });

    const instances = await client.call('instances.list', {});
    expect(instances.map((instance) => instance.name)).toContain(INSTANCE);
    const created = await client.call('logins.create', {
      pathParams: { instanceName: INSTANCE },
      body: { login: 'via_port', password: 'Str0ng!Passw0rd', role: 'Consumer' },
    });
    await vi.waitFor(
      async () => {
        const job = await client.call('jobs.getByInstance', {
          pathParams: { instanceName: INSTANCE, jobId: created.jobId },
        });
        if (!isFinalJobStatus(job.status)) throw new Error(`job is ${job.status}`);
      },
      { timeout: 10_000, interval: 25 },
    );
    // The login the JSON body named exists: the body arrived whole.
    const logins = await client.call('logins.list', { pathParams: { instanceName: INSTANCE } });
    expect(logins.map((login) => login.name)).toContain('via_port');

    const base = fx.emulator.baseUrl;
    expect(node.carried[0]).toEqual({
      method: 'GET',
      url: `${base}/v1/sql-instances`,
      proxy: undefined,
    });
    expect(node.carried[1]).toMatchObject({
      method: 'POST',
      url: `${base}/v1/sql-instances/${INSTANCE}/Logins`,
    });
  });

  it('streams a download of the transfer engine, byte for byte', async () => {
    const node = nodeRequestPort();
    const e = await fx.engine({
      presignedDispatcher: new PortDispatcher({ port: node.port }),
      directRoute: false,
      rangesInFlight: 2,
      downloadSegmentBytes: 2 * MIB,
    });
    await expectExportServed(fx, await exportSample(fx, e, INSTANCE));
    expect(node.carried.filter((request) => request.method === 'GET').length).toBeGreaterThan(1);
  });

  it('streams the parts of an upload, each with its length', async () => {
    const node = nodeRequestPort();
    const e = await fx.engine({
      presignedDispatcher: new PortDispatcher({ port: node.port }),
      directRoute: false,
      partsInFlight: 2,
      partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    });
    await importSampleChecked(fx, e, INSTANCE, { bytes: 2 * MIB + 999, label: 'Via_Port' });
    expect(node.carried.filter((request) => request.method === 'PUT')).toHaveLength(9);
  });

  it("is aborted by the service client's deadline, and the host sees the request go", async () => {
    let hungUp = (): void => undefined;
    const gone = new Promise<void>((resolve) => (hungUp = resolve));
    const server = await startScriptedServer((_req, res) => res.on('close', hungUp));
    cleanups.push(() => server.close());
    const dispatcher = new PortDispatcher({ port: nodeRequestPort().port });
    cleanups.push(() => dispatcher.destroy());
    const client = new ServiceClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      dispatcher,
      auth: new ApiKeyAuth({ profileId: 'p', apiKey: 'k' }),
      limits: { deadlineMs: 500 },
    });
    const failed = client.call('instances.list', {});
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK', operation: 'instances.list' });
    await expect(failed).rejects.toThrow(`no answer from ${new URL(server.origin).host} in 0.5 s`);
    await gone;
    expect(server.seen).toHaveLength(1);
  });

  it('drops an answer whose host stops mid-way at the read deadline, and resumes', async () => {
    const node = nodeRequestPort({ viaProxy: true });
    const e = await fx.engine({
      presignedDispatcher: new PortDispatcher({ port: node.port, proxy: proxy.url }),
      directRoute: false,
      rangesInFlight: 1,
      readTimeoutMs: 500,
    });
    const from = proxy.exchanges.length;
    proxy.stall({ method: 'GET', direction: 'response', afterBytes: 3 * MIB });
    await expectExportServed(fx, await exportSample(fx, e, INSTANCE));
    const gets = proxy.exchanges.slice(from).filter((x) => x.method === 'GET');
    expect(gets.filter((x) => x.stalled)).toHaveLength(1);
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(node.carried.every((request) => request.proxy === proxy.url)).toBe(true);
  });
});
