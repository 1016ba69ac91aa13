import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { formatSize } from '../../../src/shared/format/units';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { FillingDisk, JOURNAL_FILES, PART_FILES } from '../../support/filling-disk';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import {
  PROFILE_ID,
  assembledPath,
  type Engine,
  type EngineOptions,
} from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';
import { stoppedTransfer } from '../../support/transfer-flows';

/*
 * A full disk at each place a transfer writes (a download's `.part` file: its creation, its
 * writes, its flush, its rename into place; the journal in the app's data folder; both at
 * once), for downloads in one stream and in ranges and for an upload: the run ends paused, its
 * message names the disk, the space needed and the space free, nothing is deleted, and once
 * space is freed the same transfer resumes and finishes. The disk is the engine's disk port
 * over the real one, told when to answer ENOSPC (a real small disk: disk-full-tmpfs.test.ts).
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;

const fx = useTransferFixture('disk-full', { jobMs: 50, minPartSize: PART }, { auth: ADMIN });

async function engineOn(disk: FillingDisk, options: Partial<EngineOptions> = {}) {
  const dataDir = join(fx.root, `app-${fx.next()}`);
  return { dataDir, engine: await fx.engine({ disk, ...options }, dataDir) };
}

async function folder(): Promise<string> {
  const path = join(fx.root, `downloads-${fx.next()}`);
  await mkdir(path);
  return path;
}

function startExport(e: Engine, destinationFolder: string, databaseName = 'Dev_EDM_Sample') {
  return e.service.startExport({
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName,
    exportTo: 1,
    destinationFolder,
  });
}

function servedFile(record: TransferRecord): string {
  const name = `${fileSafeName(record.databaseName)}.${record.fileType}`;
  return join(fx.emulatorDir, 'exports', fileSafeName(record.jobId ?? ''), name);
}

/** The run ended paused for the disk, with a message that names `where` and ends as it must. */
function expectDiskFull(record: TransferRecord, where: string): string {
  expect(record).toMatchObject({
    state: 'paused',
    pausedReason: 'disk-full',
    error: { code: 'DISK_FULL' },
  });
  const message = record.error?.message ?? '';
  expect(message).toContain(where);
  expect(message).toMatch(/ free\. Free space, then resume the transfer\.$/);
  return message;
}

async function journalsOf(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'transfers'))).filter((name) => name.endsWith('.json'));
}

/** Frees the space, resumes, and checks the file against the one the emulator served. */
async function freeAndFinish(e: Engine, disk: FillingDisk, id: string): Promise<TransferRecord> {
  disk.free();
  await e.service.resume(id);
  const done = await stoppedTransfer(e, id, 20_000);
  expect(done.error).toBeUndefined();
  expect(done.state).toBe('done');
  expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(servedFile(done)));
  return done;
}

describe('a full disk during a download', () => {
  it('pauses on a refused .part write, keeps its bytes, and resumes from them', async () => {
    const disk = new FillingDisk();
    disk.fill({ files: PART_FILES, ops: ['write'], afterBytes: 4 * MIB });
    const { engine: e, dataDir } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const paused = await stoppedTransfer(e, started.id, 20_000);
    const kept = (await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size;
    expect(kept).toBe(disk.partBytes);
    expect(kept).toBeGreaterThan(0);
    const message = expectDiskFull(paused, to);
    expect(message).toContain(
      `the download of Dev_EDM_Sample.bak needs ${formatSize(16 * MIB - kept)}`,
    );
    expect(message).toContain(', 0 B free.');
    expect(await journalsOf(dataDir)).toEqual([`${started.id}.json`]);

    await freeAndFinish(e, disk, started.id);
    // The resume asked only for the bytes the disk had refused.
    expect(disk.partBytes).toBe(16 * MIB);
  });

  it('pauses when the .part file cannot be flushed, then finishes without downloading again', async () => {
    const disk = new FillingDisk();
    disk.fill({ files: PART_FILES, ops: ['sync'] }, 3 * MIB);
    const { engine: e } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const message = expectDiskFull(await stoppedTransfer(e, started.id, 20_000), to);
    expect(message).toContain(', 3.00 MiB free.');
    expect((await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size).toBe(16 * MIB);
    await freeAndFinish(e, disk, started.id);
    expect(disk.partBytes).toBe(16 * MIB);
  });

  it('pauses when the journal in the data folder is refused mid-download', async () => {
    const disk = new FillingDisk();
    // The data folder fills up once the download has written 2 MiB.
    disk.fill({ files: (path) => JOURNAL_FILES(path) && disk.partBytes > 2 * MIB });
    const { engine: e, dataDir } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const paused = await stoppedTransfer(e, started.id, 20_000);
    const message = expectDiskFull(paused, join(dataDir, 'transfers'));
    expect(message).toMatch(/saving the transfer's journal needs \d+(\.\d+)? (B|KiB), 0 B free/);
    expect(disk.refused.some((refusal) => JOURNAL_FILES(refusal.path))).toBe(true);
    expect(await journalsOf(dataDir)).toEqual([`${started.id}.json`]);
    expect((await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size).toBeGreaterThan(0);
    await freeAndFinish(e, disk, started.id);
  });

  it('ends paused, not hung, when the data folder and the download share the full disk', async () => {
    const disk = new FillingDisk();
    // Everything refused from 4 MiB on: the .part, the checkpoint, and the journal of the end.
    disk.fill({ files: () => disk.partBytes >= 4 * MIB });
    const { engine: e, dataDir } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const paused = await stoppedTransfer(e, started.id, 20_000);
    expectDiskFull(paused, to);
    expect(disk.refused.some((refusal) => JOURNAL_FILES(refusal.path))).toBe(true);
    expect(await readdir(to)).toEqual(['Dev_EDM_Sample.bak.part']);
    expect(await journalsOf(dataDir)).toEqual([`${started.id}.json`]);
    await freeAndFinish(e, disk, started.id);
  });

  it('says a shortage before the first byte when the free space is less than the file', async () => {
    const disk = new FillingDisk();
    disk.freeBytes = MIB;
    const { engine: e, dataDir } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const message = expectDiskFull(await stoppedTransfer(e, started.id, 20_000), to);
    expect(message).toContain('the download of Dev_EDM_Sample.bak needs 16.0 MiB, 1.00 MiB free.');
    expect(disk.partBytes).toBe(0);
    expect((await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size).toBe(0);
    expect(await journalsOf(dataDir)).toEqual([`${started.id}.json`]);
    await freeAndFinish(e, disk, started.id);
  });

  it('pauses a download in ranges on a refused write and resumes the missing ranges', async () => {
    const disk = new FillingDisk();
    disk.fill({ files: PART_FILES, ops: ['write'], afterBytes: 6 * MIB });
    const { engine: e } = await engineOn(disk, {
      rangesInFlight: 2,
      downloadSegmentBytes: 2 * MIB,
    });
    const to = await folder();
    const started = await startExport(e, to);
    const message = expectDiskFull(await stoppedTransfer(e, started.id, 20_000), to);
    expect(message).toMatch(/the download of Dev_EDM_Sample\.bak needs \d+\.\d MiB, 0 B free/);
    expect((await stat(join(to, 'Dev_EDM_Sample.bak.part'))).size).toBe(16 * MIB);
    await freeAndFinish(e, disk, started.id);
    expect(disk.partBytes).toBe(16 * MIB);
  });

  it.each([
    { site: 'the .part file is created', ops: ['create'] as const },
    { site: 'the finished file is renamed into place', ops: ['rename'] as const },
  ])('pauses when $site, and resumes', async ({ ops }) => {
    const disk = new FillingDisk();
    disk.fill({ files: PART_FILES, ops });
    const { engine: e } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    expectDiskFull(await stoppedTransfer(e, started.id, 20_000), to);
    await freeAndFinish(e, disk, started.id);
  });

  it('names a used-up quota (EDQUOT) as such', async () => {
    const disk = new FillingDisk();
    disk.fill({ files: PART_FILES, ops: ['write'], afterBytes: MIB, code: 'EDQUOT' });
    const { engine: e } = await engineOn(disk);
    const to = await folder();
    const started = await startExport(e, to);
    const message = expectDiskFull(await stoppedTransfer(e, started.id, 20_000), to);
    expect(message).toMatch(/^The disk quota is used up on the disk at /);
  });

  it('still ends a run whose journal cannot be written as it ends (another disk failure)', async () => {
    const disk = new FillingDisk();
    // The data folder fails (EIO) from 2 MiB on: the checkpoint, then the journal of the end.
    disk.fill({ files: (path) => JOURNAL_FILES(path) && disk.partBytes > 2 * MIB, code: 'EIO' });
    const { engine: e } = await engineOn(disk);
    const started = await startExport(e, await folder());
    const ended = await stoppedTransfer(e, started.id, 20_000);
    expect(ended).toMatchObject({ state: 'failed', error: { code: 'INTERNAL' } });
    expect(disk.refused.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to start when the data folder cannot hold the journal', async () => {
    const disk = new FillingDisk();
    disk.fill({ files: JOURNAL_FILES });
    const { engine: e, dataDir } = await engineOn(disk);
    await expect(startExport(e, await folder())).rejects.toMatchObject({
      code: 'DISK_FULL',
      message: expect.stringContaining(join(dataDir, 'transfers')) as unknown,
    });
    expect(e.service.list()).toEqual([]);
  });
});

describe('a full data folder during an upload', () => {
  it('pauses when the journal is refused after some parts, and resumes after them', async () => {
    const disk = new FillingDisk();
    let partsDone = 0;
    disk.fill({ files: (path) => JOURNAL_FILES(path) && partsDone >= 3 });
    const { engine: e, dataDir } = await engineOn(disk, {
      partsInFlight: 2,
      partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
      onPartEvent: (_id, event) => {
        if (event.kind === 'done') partsDone += 1;
      },
    });
    const path = join(fx.root, `source-${fx.next()}.bak`);
    const sha = await writeSampleDatabaseFile(
      path,
      'bak',
      3 * MIB + 1234,
      `disk-full-${fx.next()}`,
    );
    const database = `DiskFull_${fx.next()}`;
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: database,
      sourcePath: path,
    });
    const paused = await stoppedTransfer(e, started.id, 20_000);
    const message = expectDiskFull(paused, join(dataDir, 'transfers'));
    expect(message).toMatch(/saving the transfer's journal needs \d+(\.\d+)? (B|KiB), 0 B free/);
    expect(await journalsOf(dataDir)).toEqual([`${started.id}.json`]);

    disk.free();
    await e.service.resume(started.id);
    const done = await stoppedTransfer(e, started.id, 20_000);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, database, 'bak'))).toBe(sha);
  });
});
