import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { cutFirstDirectDownload, cutFirstDownload } from '../../support/download-cuts';
import { sha256File } from '../../support/sample-files';
import { PROFILE_ID, waitUntil, type Engine, type EngineOptions } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';

const MIB = 1024 * 1024;
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;

const fx = useTransferFixture('export', { jobMs: 50 }, { auth: ADMIN });
const engine = (options: Partial<EngineOptions> = {}): Promise<Engine> => fx.engine(options);

async function folder(): Promise<string> {
  const path = join(fx.root, `downloads-${fx.next()}`);
  await mkdir(path);
  return path;
}

async function settled(e: Engine, id: string, states = ['done', 'failed', 'cancelled']) {
  await waitUntil(() => states.includes(e.service.get(id).state), 20_000, `transfer ${id}`);
  return e.service.get(id);
}

/** The exported file the emulator serves for a job. */
function servedFile(record: TransferRecord): string {
  const name = `${fileSafeName(record.databaseName)}.${record.fileType}`;
  return join(fx.emulatorDir, 'exports', fileSafeName(record.jobId ?? ''), name);
}

describe('export', () => {
  it('exports, follows the job and downloads the file into the folder', async () => {
    const e = await engine();
    const destinationFolder = await folder();
    const started = await e.service.startExport({
      profileId: PROFILE_ID,
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Dev_EDM_Sample',
      exportTo: 1,
      destinationFolder,
    });
    expect(started).toMatchObject({ kind: 'export', state: 'exporting', fileType: 'bak' });
    const done = await settled(e, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(done.files).toEqual([join(destinationFolder, 'Dev_EDM_Sample.bak')]);
    expect((await stat(done.files?.[0] ?? '')).size).toBe(16 * MIB);
    expect(done.bytesDone).toBe(16 * MIB);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
    expect(await readdir(destinationFolder)).toEqual(['Dev_EDM_Sample.bak']);
  });

  it('after a failed export job, retry exports again and downloads the new job’s file', async () => {
    const e = await engine();
    const destinationFolder = await folder();
    fx.emulator.faults.once('jobFail');
    const started = await e.service.startExport({
      profileId: PROFILE_ID,
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Dev_RDM_Sample',
      exportTo: 1,
      destinationFolder,
    });
    const failed = await settled(e, started.id);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'JOB_FAILED' } });
    expect(await readdir(destinationFolder)).toEqual([]);

    await e.service.retry(started.id);
    const done = await settled(e, started.id);
    expect(done).toMatchObject({ state: 'done', jobStatus: 'Succeeded' });
    expect(done.jobId).not.toBe(failed.jobId);
    expect(done.files).toEqual([join(destinationFolder, 'Dev_RDM_Sample.bak')]);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
  });

  it('checks the detach-only rules before sending anything', async () => {
    const e = await engine();
    const destinationFolder = await folder();
    const base = { profileId: PROFILE_ID, destinationFolder };
    await expect(
      e.service.startExport({
        ...base,
        instanceName: 'sql-eu-dev-01',
        databaseName: 'Dev_EDM_Sample',
        exportTo: 2,
        detachOnly: true,
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/only when exporting to MDF/) as unknown,
    });
    await expect(
      e.service.startExport({
        ...base,
        instanceName: 'sql-eu-prod-01',
        databaseName: 'RiskWarehouse',
        exportTo: 0,
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/over 100 GiB .*Detach only/) as unknown,
    });
    expect(e.service.list()).toEqual([]);
    const allowed = await e.service.startExport({
      ...base,
      instanceName: 'sql-eu-prod-01',
      databaseName: 'RiskWarehouse',
      exportTo: 0,
      detachOnly: true,
    });
    expect((await settled(e, allowed.id)).state).toBe('done');
  });

  it.each([
    {
      client: 'the direct GET',
      cut: () => ({ directBodyBytes: cutFirstDirectDownload(5 * MIB) }),
    },
    {
      client: 'undici (the fallback)',
      cut: () => ({ directDownloads: false, presignedInterceptors: [cutFirstDownload(5 * MIB)] }),
    },
  ])('resumes a download cut in the middle with a Range request on $client', async ({ cut }) => {
    const ranges: string[] = [];
    const e = await engine({
      ...cut(),
      onPresignedRequest: (_origin, headers) => ranges.push(headers['range'] ?? 'none'),
    });
    const started = await e.service.startExport({
      profileId: PROFILE_ID,
      instanceName: 'sql-eu-test-01',
      databaseName: 'Smoke_Test_DB',
      exportTo: 0,
      destinationFolder: await folder(),
    });
    const done = await settled(e, started.id);
    expect(done.state).toBe('done');
    // The first GET asks for the first segment: a larger file would go on in ranges.
    expect(ranges[0]).toBe(`bytes=0-${64 * MIB - 1}`);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(5 * MIB);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
  });

  it('resumes a cut download in a new process from its journal and .part file', async () => {
    const appDir = join(fx.root, 'app-export-restart');
    // The cut quits the app (pauseAll, as on quit) while the download is half done.
    const quit: { engine?: Engine; stopping?: Promise<void> } = {};
    const first = await engine({
      dataDir: appDir,
      directBodyBytes: cutFirstDirectDownload(6 * MIB, () => {
        quit.stopping = quit.engine?.service.pauseAll('app-quit');
      }),
    });
    quit.engine = first;
    const destinationFolder = await folder();
    const started = await first.service.startExport({
      profileId: PROFILE_ID,
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Dev_RDM_Sample',
      exportTo: 2,
      destinationFolder,
    });
    await waitUntil(() => quit.stopping !== undefined, 20_000, 'the cut');
    await quit.stopping;
    expect(first.service.get(started.id)).toMatchObject({
      state: 'paused',
      pausedReason: 'app-quit',
    });
    const partial = (await readdir(destinationFolder)).filter((name) => name.endsWith('.part'));
    expect(partial).toEqual(['Dev_RDM_Sample.dacpac.part']);
    const kept = (await stat(join(destinationFolder, partial[0] ?? ''))).size;
    expect(kept).toBeGreaterThan(0);

    const ranges: string[] = [];
    const second = await engine({
      dataDir: appDir,
      onPresignedRequest: (_origin, headers) => ranges.push(headers['range'] ?? 'none'),
    });
    await second.service.resumeAll();
    const done = await settled(second, started.id);
    expect(done.state).toBe('done');
    expect(ranges).toEqual([`bytes=${kept}-`]);
    expect(await readdir(destinationFolder)).toEqual(['Dev_RDM_Sample.dacpac']);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
  });
});

describe('export over several connections', () => {
  it('fetches ranges in parallel, pauses on quit, and a new process fetches only what is missing', async () => {
    const appDir = join(fx.root, 'app-export-ranges');
    const asked: string[] = [];
    const tuning = { dataDir: appDir, rangesInFlight: 4, downloadSegmentBytes: MIB };
    const quit: { stopping?: Promise<void> } = {};
    const first = await engine({
      ...tuning,
      onPresignedRequest: (_origin, headers) => asked.push(headers['range'] ?? 'none'),
    });
    const destinationFolder = await folder();
    // A link that limits each connection (8 MiB/s): the quit lands mid-way on any machine.
    fx.emulator.faults.set({ downloadConnectionMiBps: 8 });
    first.service.onDidChange((record) => {
      if (record.bytesDone > 6 * MIB && quit.stopping === undefined)
        quit.stopping = first.service.pauseAll('app-quit');
    });
    const started = await first.service.startExport({
      profileId: PROFILE_ID,
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Dev_EDM_Sample',
      exportTo: 1,
      destinationFolder,
    });
    await waitUntil(() => quit.stopping !== undefined, 20_000, 'the quit');
    await quit.stopping;
    expect(first.service.get(started.id).state).toBe('paused');
    expect(asked[0]).toBe(`bytes=0-${MIB - 1}`);
    expect(asked.length).toBeGreaterThan(4);

    fx.emulator.faults.reset();
    const resumed: string[] = [];
    const second = await engine({
      ...tuning,
      onPresignedRequest: (_origin, headers) => resumed.push(headers['range'] ?? 'none'),
    });
    await second.service.resumeAll();
    const done = await settled(second, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    // Every segment the first process finished is never asked for again.
    const lastByte = (range: string): string => range.split('-')[1] ?? '';
    const firstFinished = asked.filter(
      (range) => !resumed.some((r) => lastByte(r) === lastByte(range)),
    );
    expect(firstFinished.length).toBeGreaterThan(0);
    expect(resumed.every((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);
    expect(resumed.length).toBeLessThan(16);
    expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
  });
});
