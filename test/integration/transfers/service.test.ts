import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferPort } from '../../../src/main/app/transfer-handlers';
import { INJECTED_JOB_ERROR } from '../../../src/emulator/jobs/job-runner';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import {
  PROFILE_ID,
  assembledPath,
  waitUntil,
  type Engine,
  type EngineOptions,
} from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * The TransferService as the IPC layer uses it: refusals before anything is sent, retry of a
 * failed transfer, waiting for a sign-in at start-up, and the pace of progress events.
 */

const KIB = 1024;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;

const fx = useTransferFixture(
  'service',
  { jobMs: 50, minPartSize: PART },
  {
    auth: ADMIN,
    partsInFlight: 2,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 64 * KIB },
  },
);
const engine = (options: Partial<EngineOptions> = {}): Promise<Engine> => fx.engine(options);

async function sample(
  bytes: number,
  ext: 'bak' | 'mdf' = 'bak',
): Promise<{ path: string; sha: string }> {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.${ext}`);
  return { path, sha: await writeSampleDatabaseFile(path, ext, bytes, `service-${n}`) };
}

function settled(e: Engine, id: string, states = ['done', 'failed', 'cancelled']): Promise<void> {
  return waitUntil(() => states.includes(e.service.get(id).state), 20_000, `transfer ${id}`);
}

describe('TransferService', () => {
  it('is what the IPC layer expects (TransferPort)', async () => {
    const e = await engine();
    // A compile-time check as much as a runtime one: the app wires the service as this port.
    const port: TransferPort = e.service;
    expect(port.list()).toEqual([]);
    expect(await port.listResumable()).toEqual([]);
  });

  it('refuses what cannot work before sending anything', async () => {
    const e = await engine();
    const file = await sample(600 * KIB);
    const input = {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Fine_Name',
      sourcePath: file.path,
    };
    await expect(
      importFile(e.service, { ...input, sourcePath: join(fx.root, 'missing.bak') }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      importFile(e.service, { ...input, databaseName: 'has space' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/only letters, digits/) as unknown,
    });
    const noExtension = join(fx.root, 'database.dat');
    await writeFile(noExtension, 'x');
    await expect(
      e.service.planImport({ profileId: PROFILE_ID, sourcePath: noExtension }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/\.mdf, \.bak or \.dacpac/) as unknown,
    });
    e.connections.disconnect();
    await expect(importFile(e.service, input)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await e.connections.signIn();
    fx.emulator.faults.set({ latencyMs: 30 });
    const first = await importFile(e.service, input);
    await expect(importFile(e.service, input)).rejects.toMatchObject({ code: 'CONFLICT' });
    await e.service.cancel(first.id);
  });

  it('fails with the service’s reason, and retry picks up from the journal', async () => {
    const e = await engine();
    const file = await sample(700 * KIB);
    // Dev_RDM_Sample exists: the upload goes through, the import is refused with 409.
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Dev_RDM_Sample',
      sourcePath: file.path,
    });
    await settled(e, started.id);
    const failed = e.service.get(started.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already exists/i) as unknown,
    });

    const client = e.connections.connection.client;
    const drop = await client.call('databases.drop', {
      pathParams: { instanceName: INSTANCE, databaseName: 'Dev_RDM_Sample' },
    });
    expect(drop).toBeUndefined();
    await waitUntil(
      async () => {
        const list = await client.call('databases.list', {
          pathParams: { instanceName: INSTANCE },
        });
        return !list.some((db) => db.name === 'Dev_RDM_Sample');
      },
      10_000,
      'the drop',
    );
    await e.service.retry(started.id);
    await settled(e, started.id);
    expect(e.service.get(started.id)).toMatchObject({ state: 'done', jobStatus: 'Succeeded' });
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, 'Dev_RDM_Sample', 'bak'))).toBe(
      file.sha,
    );
  });

  it('after a failed import job, retry sends the import again and not the upload', async () => {
    const sent: number[] = [];
    const e = await engine({
      onPartEvent: (_id, event) => {
        if (event.kind === 'start') sent.push(event.partNumber);
      },
    });
    const file = await sample(700 * KIB);
    fx.emulator.faults.once('jobFail');
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Retried_Job',
      sourcePath: file.path,
    });
    await settled(e, started.id);
    const failed = e.service.get(started.id);
    expect(failed).toMatchObject({ state: 'failed', jobStatus: 'Failed' });
    expect(failed.error).toMatchObject({
      code: 'JOB_FAILED',
      message: expect.stringContaining(INJECTED_JOB_ERROR.replace(/\.$/, '')) as unknown,
    });
    const partsSent = sent.length;
    expect(partsSent).toBe(failed.parts?.total);

    await e.service.retry(started.id);
    await settled(e, started.id);
    const done = e.service.get(started.id);
    expect(done).toMatchObject({ state: 'done', jobStatus: 'Succeeded' });
    // Every part's ETag is its MD5 on the emulator, compared as it was sent.
    expect(done.md5Verified).toBe(true);
    expect(done.jobId).not.toBe(failed.jobId);
    expect(sent).toHaveLength(partsSent);
    const list = await e.connections.connection.client.call('databases.list', {
      pathParams: { instanceName: INSTANCE },
    });
    expect(list.map((db) => db.name)).toContain('Retried_Job');
  });

  it('at start-up, waits for the sign-in before resuming, then resumes by itself', async () => {
    const dataDir = join(fx.root, 'app-wait');
    fx.emulator.faults.set({ latencyMs: 20 });
    const first = await engine({ dataDir });
    const file = await sample(2 * 1024 * KIB);
    const started = await importFile(first.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Waits_For_SignIn',
      sourcePath: file.path,
    });
    await waitUntil(
      () => (first.service.get(started.id).parts?.done ?? 0) >= 2,
      20_000,
      'two parts',
    );
    await first.service.pauseAll('app-quit');
    fx.emulator.faults.set({ latencyMs: 0 });

    const second = await engine({ dataDir });
    second.connections.disconnect();
    const [waiting] = await second.service.resumeAll();
    expect(waiting).toMatchObject({
      id: started.id,
      state: 'paused',
      pausedReason: 'auth-expired',
    });
    await second.connections.signIn();
    await settled(second, started.id);
    expect(second.service.get(started.id).state).toBe('done');
    expect(
      await sha256File(assembledPath(fx.emulatorDir, INSTANCE, 'Waits_For_SignIn', 'bak')),
    ).toBe(file.sha);
  });

  it('pauses when the network stays down through the retries, then comes back by itself', async () => {
    const e = await engine({
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
      networkRetryMs: 300,
    });
    fx.emulator.faults.set({ resetPartRate: 1 });
    const file = await sample(1024 * KIB);
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Network_Comes_Back',
      sourcePath: file.path,
    });
    await settled(e, started.id, ['paused', 'failed']);
    expect(e.service.get(started.id)).toMatchObject({
      state: 'paused',
      pausedReason: 'network',
      error: { code: 'NETWORK' },
    });
    fx.emulator.faults.reset();
    await settled(e, started.id);
    expect(e.service.get(started.id).state).toBe('done');
    expect(
      await sha256File(assembledPath(fx.emulatorDir, INSTANCE, 'Network_Comes_Back', 'bak')),
    ).toBe(file.sha);
  });

  it('reports progress at most every 250 ms per transfer (state changes at once)', async () => {
    fx.emulator.faults.set({ latencyMs: 40 });
    const e = await engine();
    const events: { at: number; record: TransferRecord }[] = [];
    e.service.onDidChange((record) => events.push({ at: performance.now(), record }));
    // 24 parts at 40 ms a request take well over a second even on a fast machine: several ticks.
    const file = await sample(6 * 1024 * KIB);
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: 'Paced_Progress',
      sourcePath: file.path,
    });
    await settled(e, started.id);
    const uploading = events.filter((event) => event.record.state === 'uploading');
    expect(uploading.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < uploading.length; i += 1) {
      expect((uploading[i]?.at ?? 0) - (uploading[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(245);
    }
    const last = uploading.at(-1)?.record;
    expect(last?.parts).toMatchObject({ total: 24, partSize: PART });
    expect(uploading.some((event) => (event.record.throughputBps ?? 0) > 0)).toBe(true);
    expect(uploading.some((event) => (event.record.etaSeconds ?? -1) >= 0)).toBe(true);
    // Per-part states: the parts being sent at each tick (at most the 2 in flight), with bytes.
    const active = uploading.map((event) => event.record.parts?.active ?? []);
    expect(active.some((parts) => parts.length > 0)).toBe(true);
    for (const part of active.flat()) {
      expect(part.partNumber).toBeGreaterThanOrEqual(1);
      expect(part.partNumber).toBeLessThanOrEqual(24);
      expect(part).toMatchObject({ length: PART, retries: 0 });
      expect(part.bytesSent).toBeLessThanOrEqual(PART);
    }
    expect(Math.max(...active.map((parts) => parts.length))).toBeLessThanOrEqual(2);
  });
});
