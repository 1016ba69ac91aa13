import { appendFile, open, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

const KIB = 1024;
const MIB = 1024 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const PART = 256 * KIB;

const fx = useTransferFixture(
  'import',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 3,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
  },
);
const engine = (options: Partial<EngineOptions> = {}, dataDir?: string): Promise<Engine> =>
  fx.engine(options, dataDir);

async function sample(bytes: number, ext: 'mdf' | 'bak' | 'dacpac' = 'bak') {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.${ext}`);
  const sha = await writeSampleDatabaseFile(path, ext, bytes, `seed-${n}`);
  return { path, sha, database: `Imported_${n}` };
}

async function finalState(e: Engine, id: string): Promise<TransferRecord> {
  await waitUntil(
    () => ['done', 'failed', 'cancelled', 'paused'].includes(e.service.get(id).state),
    20_000,
    `transfer ${id} to stop`,
  );
  return e.service.get(id);
}

describe('multipart import', () => {
  it('uploads every part, completes, imports, and the assembled file is byte-identical', async () => {
    const presigned: { origin: string; headers: Record<string, string> }[] = [];
    const events: TransferRecord[] = [];
    const e = await engine({
      onPresignedRequest: (origin, headers) => presigned.push({ origin, headers }),
    });
    e.service.onDidChange((record) => events.push(record));
    const file = await sample(3 * MIB + 12_345);
    const plan = await e.service.planImport({ profileId: PROFILE_ID, sourcePath: file.path });
    expect(plan).toMatchObject({
      fileType: 'bak',
      mode: 'multipart',
      partSize: PART,
      partCount: 13,
    });
    expect(plan.typeCheck.ok).toBe(true);

    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    expect(started.state).toBe('uploading');
    const done = await finalState(e, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(done.jobStatus).toBe('Succeeded');
    expect(done.bytesDone).toBe(done.totalBytes);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      file.sha,
    );

    // The pre-signed host never sees the service's credentials.
    expect(presigned.length).toBeGreaterThanOrEqual(13);
    for (const request of presigned) expect(request.headers['authorization']).toBeUndefined();
    const states = events.map((record) => record.state);
    expect(states).toContain('uploading');
    expect(states).toContain('completing');
    expect(states).toContain('importing');
    expect(states.at(-1)).toBe('done');
  });

  it('sends a small file as one stream (GET import, one PUT, then the import)', async () => {
    const e = await engine();
    const file = await sample(300 * KIB, 'mdf');
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    expect(started.mode).toBe('single');
    const done = await finalState(e, started.id);
    expect(done.state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'mdf'))).toBe(
      file.sha,
    );
  });

  it('refuses a file whose content does not match its extension, before sending anything', async () => {
    const e = await engine();
    const file = await sample(300 * KIB, 'dacpac');
    const renamed = file.path.replace(/\.dacpac$/, '.bak');
    await writeFile(renamed, await import('node:fs/promises').then((fs) => fs.readFile(file.path)));
    const plan = await e.service.planImport({ profileId: PROFILE_ID, sourcePath: renamed });
    expect(plan.typeCheck).toEqual({
      ok: false,
      message: expect.stringMatching(/does not look like a BAK/) as unknown,
    });
    await expect(
      importFile(e.service, {
        profileId: PROFILE_ID,
        instanceName: INSTANCE,
        databaseName: file.database,
        sourcePath: renamed,
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/DACPAC/) as unknown,
    });
    expect(e.service.list()).toEqual([]);
  });

  it('pauses, resumes from the journal, and cancels (removing the journal)', async () => {
    const dataDir = join(fx.root, 'app-pause');
    const e = await engine({ partsInFlight: 2 }, dataDir);
    fx.emulator.faults.set({ latencyMs: 40 });
    const file = await sample(4 * MIB);
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    await waitUntil(() => (e.service.get(started.id).parts?.done ?? 0) >= 3, 20_000, '3 parts');
    const paused = await e.service.pause(started.id);
    expect(paused).toMatchObject({ state: 'paused', pausedReason: 'user' });
    const partsAtPause = paused.parts?.done ?? 0;
    expect(partsAtPause).toBeGreaterThanOrEqual(3);

    fx.emulator.faults.set({ latencyMs: 0 });
    await e.service.resume(started.id);
    const done = await finalState(e, started.id);
    expect(done.state).toBe('done');
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      file.sha,
    );

    // Cancel: another transfer stops and its journal is gone.
    fx.emulator.faults.set({ latencyMs: 40 });
    const other = await sample(4 * MIB);
    const second = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: other.database,
      sourcePath: other.path,
    });
    await waitUntil(() => (e.service.get(second.id).parts?.done ?? 0) >= 1, 20_000, 'a part');
    expect((await e.service.cancel(second.id)).state).toBe('cancelled');
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(join(dataDir, 'transfers'))).toEqual([]);
  });

  it('resumes unfinished transfers in a new service from their journals, sending only missing parts', async () => {
    const dataDir = join(fx.root, 'app-restart');
    const first = await engine({ partsInFlight: 2 }, dataDir);
    fx.emulator.faults.set({ latencyMs: 30 });
    const file = await sample(4 * MIB);
    const started = await importFile(first.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    await waitUntil(() => (first.service.get(started.id).parts?.done ?? 0) >= 5, 20_000, '5 parts');
    await first.service.pauseAll('app-quit');
    const doneBefore = first.service.get(started.id).parts?.done ?? 0;
    fx.emulator.faults.set({ latencyMs: 0 });

    const sent: number[] = [];
    const second = await engine(
      { onPartEvent: (_id, event) => event.kind === 'start' && sent.push(event.partNumber) },
      dataDir,
    );
    const resumable = await second.service.listResumable();
    expect(resumable.map((record) => record.id)).toEqual([started.id]);
    expect(resumable[0]).toMatchObject({ state: 'paused', pausedReason: 'app-quit' });
    await second.service.resumeAll();
    const done = await finalState(second, started.id);
    expect(done.state).toBe('done');
    expect(sent.length).toBe(16 - doneBefore);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      file.sha,
    );
  });

  it('re-reads the parts sent before a resume: a part rewritten in place (mtime restored) is sent again', async () => {
    const dataDir = join(fx.root, 'app-rewritten');
    const first = await engine({ partsInFlight: 1 }, dataDir);
    fx.emulator.faults.set({ latencyMs: 30 });
    // 16 parts: the identity's first and last MiB are parts 1-4 and 13-16; the rewrites below
    // fall between, where only the parts' own checks can see them.
    const file = await sample(4 * MIB);
    const started = await importFile(first.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    await waitUntil(() => (first.service.get(started.id).parts?.done ?? 0) >= 6, 20_000, '6 parts');
    await first.service.pauseAll('app-quit');
    const sentBefore = first.service.get(started.id).parts?.done ?? 0;
    expect(sentBefore).toBeGreaterThanOrEqual(6);
    expect(sentBefore).toBeLessThan(10);
    const before = await stat(file.path);
    const handle = await open(file.path, 'r+');
    await handle.write(Buffer.from([0x5a]), 0, 1, 5 * PART + 100); // part 6: sent
    await handle.write(Buffer.from([0x5b]), 0, 1, 9 * PART + 100); // part 10: not sent yet
    await handle.close();
    await utimes(file.path, before.atimeMs / 1000, before.mtimeMs / 1000); // as `touch -r` does
    expect((await stat(file.path)).mtimeMs).toBe(before.mtimeMs);
    const rewritten = await sha256File(file.path);
    expect(rewritten).not.toBe(file.sha);
    fx.emulator.faults.set({ latencyMs: 0 });

    const sent: number[] = [];
    const states: string[] = [];
    const second = await engine(
      { onPartEvent: (_id, event) => event.kind === 'start' && sent.push(event.partNumber) },
      dataDir,
    );
    second.service.onDidChange((record) => states.push(record.state));
    await second.service.resumeAll();
    const done = await finalState(second, started.id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(states).toContain('verifying');
    // Part 6 again, and every part not sent before; no other part.
    expect([...sent].sort((a, b) => a - b)).toEqual([
      6,
      ...Array.from({ length: 16 - sentBefore }, (_, i) => sentBefore + 1 + i),
    ]);
    expect(done.parts?.resent).toBe(1);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
      rewritten,
    );
  });

  it('refuses to resume when the source file changed since', async () => {
    const dataDir = join(fx.root, 'app-changed');
    const first = await engine({ partsInFlight: 1 }, dataDir);
    fx.emulator.faults.set({ latencyMs: 30 });
    const file = await sample(3 * MIB);
    const started = await importFile(first.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    await waitUntil(() => (first.service.get(started.id).parts?.done ?? 0) >= 2, 20_000, '2 parts');
    await first.service.pause(started.id);
    await appendFile(file.path, Buffer.alloc(10, 1));
    await utimes(file.path, new Date(), new Date(Date.now() + 5000));
    await first.service.resume(started.id);
    const failed = await finalState(first, started.id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(
      /changed since the upload started \(size\/modified time\/content differ\); start a new import/,
    );
  });
});

describe('an import plan', () => {
  /** Node's calls on the source, counted. */
  function countingFs() {
    const fs = {
      opens: 0,
      stats: 0,
      open: ((...args: Parameters<typeof open>) => {
        fs.opens += 1;
        return open(...args);
      }) as typeof open,
      stat: ((...args: Parameters<typeof stat>) => {
        fs.stats += 1;
        return stat(...args);
      }) as typeof stat,
    };
    return fs;
  }

  it('reads the file once: the start uses the plan and only checks the file with a stat', async () => {
    const fs = countingFs();
    const e = await engine({ sourceFs: fs });
    const file = await sample(700 * KIB);
    const plan = await e.service.planImport({ profileId: PROFILE_ID, sourcePath: file.path });
    expect(fs).toMatchObject({ opens: 1, stats: 0 });
    const start = {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      planId: plan.planId,
    };
    const started = await e.service.startImport(start);
    expect(fs).toMatchObject({ opens: 1, stats: 1 });
    expect(started).toMatchObject({ sourcePath: file.path, fileType: 'bak', mode: 'single' });
    expect((await finalState(e, started.id)).state).toBe('done');
    // A plan starts one import.
    await expect(e.service.startImport(start)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/Choose the file again/) as unknown,
    });
  });

  it('refuses an unknown plan id, one of another profile, and a file changed since its plan', async () => {
    const e = await engine();
    const file = await sample(700 * KIB);
    const target = { profileId: PROFILE_ID, instanceName: INSTANCE, databaseName: file.database };
    await expect(e.service.startImport({ ...target, planId: 'made-up' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const plan = await e.service.planImport({ profileId: PROFILE_ID, sourcePath: file.path });
    await expect(
      e.service.startImport({ ...target, profileId: 'another-profile', planId: plan.planId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await appendFile(file.path, 'changed after planning');
    await expect(e.service.startImport({ ...target, planId: plan.planId })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/changed since it was chosen/) as unknown,
    });
    expect(e.service.list()).toHaveLength(0);
  });
});
