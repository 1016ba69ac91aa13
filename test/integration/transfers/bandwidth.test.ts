import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { PROFILE_ID, assembledPath, waitUntil, type Engine } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * The bandwidth limit over real HTTP against the emulator: an upload and a download held to
 * the limit over the whole transfer, a limit changed while a transfer runs, and pause and
 * cancel that never wait on the limiter. Rates are checked against the limit from above only
 * (at most 5% over it): a busy machine may be slower, never faster.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const PART = MIB;
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;
/** Dev_EDM_Sample as the demo emulator exports it. */
const EXPORT_BYTES = 16 * MIB;

const fx = useTransferFixture(
  'bandwidth',
  { jobMs: 50, minPartSize: PART },
  {
    partsInFlight: 3,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 2 * MIB },
  },
);

async function sample(bytes: number) {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `seed-${n}`);
  return { path, sha, database: `Limited_${n}` };
}

async function settled(e: Engine, id: string): Promise<TransferRecord> {
  const states = ['done', 'failed', 'cancelled', 'paused'];
  await waitUntil(() => states.includes(e.service.get(id).state), 25_000, `transfer ${id}`);
  return e.service.get(id);
}

function startExport(e: Engine, databaseName: string, destinationFolder: string) {
  return e.service.startExport({
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName,
    exportTo: 1,
    destinationFolder,
  });
}

async function folder(): Promise<string> {
  const path = join(fx.root, `downloads-${fx.next()}`);
  await mkdir(path);
  return path;
}

/** Bytes per second from `startedAt` (performance.now) to `endedAt`. */
const rateOf = (bytes: number, startedAt: number, endedAt: number): number =>
  bytes / ((endedAt - startedAt) / 1000);

describe('the bandwidth limit', () => {
  it('holds a multipart upload to the limit, all parts together', async () => {
    const limit = 3 * MIB; // 8 MiB: about 2.7 s
    const file = await sample(8 * MIB);
    let lastPartAt = 0;
    // The engine (and its empty bucket) is made right before the start: the window below
    // begins with no saved-up burst, so the whole upload must stay under the limit.
    const e = await fx.engine({
      bandwidthLimitBytesPerSecond: limit,
      onPartEvent: (_id, event) => {
        if (event.kind === 'done') lastPartAt = performance.now();
      },
    });
    const startedAt = performance.now();
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    expect(started.mode).toBe('multipart');
    const done = await settled(e, started.id);
    expect(done.state).toBe('done');
    const rate = rateOf(8 * MIB, startedAt, lastPartAt);
    expect(rate).toBeLessThanOrEqual(limit * 1.05);
    expect(rate).toBeGreaterThan(limit * 0.25);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      file.sha,
    );
  });

  it.each([
    ['on one stream', { rangesInFlight: 1 }],
    ['over 4 connections together', { rangesInFlight: 4, downloadSegmentBytes: MIB }],
  ])('holds a download to the limit over the whole export %s', async (_name, tuning) => {
    const limit = 6 * MIB; // 16 MiB: about 2.7 s
    const destinationFolder = await folder();
    const e = await fx.engine({ auth: ADMIN, bandwidthLimitBytesPerSecond: limit, ...tuning });
    const startedAt = performance.now();
    const started = await startExport(e, 'Dev_EDM_Sample', destinationFolder);
    const done = await settled(e, started.id);
    const endedAt = performance.now();
    expect(done.state).toBe('done');
    const path = done.files?.[0] ?? '';
    expect((await stat(path)).size).toBe(EXPORT_BYTES);
    const rate = rateOf(EXPORT_BYTES, startedAt, endedAt);
    expect(rate).toBeLessThanOrEqual(limit * 1.05);
    expect(rate).toBeGreaterThan(limit * 0.25);
    const served = join(fx.emulatorDir, 'exports', fileSafeName(done.jobId ?? ''));
    expect(await sha256File(path)).toBe(
      await sha256File(join(served, `${fileSafeName('Dev_EDM_Sample')}.bak`)),
    );
  });

  it('applies a limit changed while a download runs to the bytes still to come', async () => {
    let limit = 512 * KIB; // 16 MiB: 32 s at this limit
    const e = await fx.engine({ auth: ADMIN, bandwidthLimitBytesPerSecond: () => limit });
    const started = await startExport(e, 'Dev_RDM_Sample', await folder());
    await waitUntil(() => e.service.get(started.id).bytesDone >= MIB, 20_000, 'the first MiB');
    expect(e.service.get(started.id).bytesDone).toBeLessThan(8 * MIB);
    limit = 0;
    const changedAt = performance.now();
    const done = await settled(e, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    // Still at 512 KiB/s, the rest (more than 8 MiB) would take more than 16 s; the bound
    // leaves room for a busy machine.
    expect(performance.now() - changedAt).toBeLessThan(16_000);
  });

  it('pauses and cancels transfers waiting on a low limit at once', async () => {
    let limit = 64 * KIB;
    const file = await sample(MIB + 512 * KIB); // one stream: 24 s at this limit
    const e = await fx.engine({ bandwidthLimitBytesPerSecond: () => limit });
    const upload = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    expect(upload.mode).toBe('single');
    await waitUntil(() => e.service.get(upload.id).bytesDone > 0, 20_000, 'the first bytes');
    let askedAt = performance.now();
    expect((await e.service.pause(upload.id)).state).toBe('paused');
    // The bytes left (over 1 MiB) would need 16 s more at the limit: pause did not wait them
    // out (the bound leaves room for a busy machine).
    expect(performance.now() - askedAt).toBeLessThan(10_000);
    limit = 0;
    await e.service.resume(upload.id);
    expect((await settled(e, upload.id)).state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      file.sha,
    );

    limit = 64 * KIB;
    const admin = await fx.engine({ auth: ADMIN, bandwidthLimitBytesPerSecond: () => limit });
    const destinationFolder = await folder();
    const download = await startExport(admin, 'Dev_EDM_Sample', destinationFolder);
    await waitUntil(() => admin.service.get(download.id).bytesDone > 0, 20_000, 'the first bytes');
    askedAt = performance.now();
    expect((await admin.service.cancel(download.id)).state).toBe('cancelled');
    expect(performance.now() - askedAt).toBeLessThan(10_000);
    expect(await readdir(destinationFolder)).toEqual([]);
  });
});
