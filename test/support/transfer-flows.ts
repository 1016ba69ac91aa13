import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fileSafeName } from '../../src/emulator/blobs/blob-types';
import type { TransferRecord } from '../../src/shared/model/transfer';
import type { TransferFixture } from './transfer-fixture';
import { importFile } from './import-file';
import { sha256File, writeSampleDatabaseFile } from './sample-files';
import { PROFILE_ID, assembledPath, waitUntil, type Engine } from './transfer-rig';

/*
 * What the transfer suites do alike with an engine of the transfer fixture: wait for a transfer
 * to stop, import a sample file and check what the emulator assembled, export a demo database
 * into a new folder and check the file it wrote is the one the emulator served.
 */

/** Waits until the transfer `id` stops (done, failed, cancelled or paused); answers its record. */
export async function stoppedTransfer(
  e: Engine,
  id: string,
  timeoutMs = 30_000,
): Promise<TransferRecord> {
  const ends = ['done', 'failed', 'cancelled', 'paused'];
  await waitUntil(
    () => ends.includes(e.service.get(id).state),
    timeoutMs,
    `transfer ${id} to stop`,
  );
  return e.service.get(id);
}

/**
 * Imports a new sample BAK of `bytes` into `instanceName` and checks it ended done, with the
 * database the emulator assembled holding the file's bytes; answers its record.
 */
export async function importSampleChecked(
  fx: TransferFixture,
  e: Engine,
  instanceName: string,
  { bytes, label }: { bytes: number; label: string },
): Promise<TransferRecord> {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `${label}-${n}`);
  const database = `${label}_${n}`;
  const started = await importFile(e.service, {
    profileId: PROFILE_ID,
    instanceName,
    databaseName: database,
    sourcePath: path,
  });
  const done = await stoppedTransfer(e, started.id);
  expect(done.error).toBeUndefined();
  expect(done.state).toBe('done');
  expect(await sha256File(assembledPath(fx.emulatorDir, instanceName, database, 'bak'))).toBe(sha);
  return done;
}

/** Exports `databaseName` of `instanceName` as a BAK into a new folder of the fixture's. */
export async function exportSample(
  fx: TransferFixture,
  e: Engine,
  instanceName: string,
  options: { databaseName?: string; timeoutMs?: number } = {},
): Promise<TransferRecord> {
  const destinationFolder = join(fx.root, `downloads-${fx.next()}`);
  await mkdir(destinationFolder);
  const started = await e.service.startExport({
    profileId: PROFILE_ID,
    instanceName,
    databaseName: options.databaseName ?? 'Dev_EDM_Sample',
    exportTo: 1,
    destinationFolder,
  });
  return stoppedTransfer(e, started.id, options.timeoutMs);
}

/** The export ended done, and its file holds what the emulator served for its job. */
export async function expectExportServed(fx: TransferFixture, done: TransferRecord): Promise<void> {
  expect(done.error).toBeUndefined();
  expect(done.state).toBe('done');
  const name = `${fileSafeName(done.databaseName)}.${done.fileType}`;
  const served = join(fx.emulatorDir, 'exports', fileSafeName(done.jobId ?? ''), name);
  expect(await sha256File(done.files?.[0] ?? '')).toBe(await sha256File(served));
}
