import { closeSync, existsSync, openSync, utimesSync, writeSync } from 'node:fs';
import { appendFile, copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import type { ImportJournal } from '../../../src/main/services/transfers/journal-schema';
import type { PartEvent } from '../../../src/main/services/transfers/transfer-context';
import type { SourceCloner } from '../../../src/main/services/transfers/transfer-disk';
import { importFile } from '../../support/import-file';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { useTransferFixture } from '../../support/transfer-fixture';
import { PROFILE_ID, assembledPath, waitUntil, type Engine } from '../../support/transfer-rig';
import { stoppedTransfer } from '../../support/transfer-flows';

/*
 * An upload that reads a clone of its file, against the emulator over real HTTP: what the
 * engine does with the clone (reads it, journals it, keeps it across a pause and a restart,
 * falls back when it is gone, removes it when done, cancelled or failed). A copy made by the
 * test stands for the copy-on-write clone, so this runs on any disk;
 * source-clone.reflink.test.ts runs the real clone on a Btrfs.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'source-clone',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    cloneSources: true,
  },
);

/** Clones by copying; counts them. */
function copyingCloner(): SourceCloner & { made: string[] } {
  const made: string[] = [];
  return {
    made,
    clone: async (from, to) => {
      await copyFile(from, to, 1 /* COPYFILE_EXCL */);
      made.push(to);
    },
    remove: (path) => rm(path, { force: true }),
  };
}

async function sample(bytes = 2 * MIB) {
  const n = fx.next();
  const folder = join(fx.root, `src-${n}`);
  await mkdir(folder);
  const path = join(folder, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `clone-${n}`);
  return { path, sha, database: `Cloned_${n}` };
}

/** Hidden clones left in the folder of `path`. */
async function clonesBeside(path: string): Promise<string[]> {
  return (await readdir(dirname(path))).filter((name) => name.startsWith('.databridge-clone-'));
}

/**
 * Flips bytes at `offsets` in place and moves the modification time (an ordinary write);
 * synchronous, so a part event's handler knows it is done when it returns.
 */
function rewrite(path: string, offsets: readonly number[]): void {
  const fd = openSync(path, 'r+');
  try {
    for (const offset of offsets) writeSync(fd, Buffer.from([offset % 251]), 0, 1, offset);
  } finally {
    closeSync(fd);
  }
  const later = new Date(Date.now() + 5_000);
  utimesSync(path, later, later);
}

function start(e: Engine, file: { path: string; database: string }) {
  return importFile(e.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: file.database,
    sourcePath: file.path,
  });
}

async function journalOf(dataDir: string, id: string): Promise<ImportJournal> {
  return JSON.parse(
    await readFile(join(dataDir, 'transfers', `${id}.json`), 'utf8'),
  ) as ImportJournal;
}

const assembled = (database: string): Promise<string> =>
  sha256File(assembledPath(fx.emulatorDir, INSTANCE, database, 'bak'));

describe('an upload reading a clone of its file', () => {
  it('imports the bytes of its start while the file is rewritten, sends no part twice, removes the clone', async () => {
    const file = await sample();
    const cloner = copyingCloner();
    const starts: number[] = [];
    const seen: TransferRecord[] = [];
    let rewritten = false;
    const onPartEvent = (_id: string, event: PartEvent): void => {
      if (event.kind === 'start') starts.push(event.partNumber);
      if (event.kind !== 'done' || event.partNumber !== 3 || rewritten) return;
      rewritten = true;
      // Part 2 was sent, part 6 was not.
      rewrite(file.path, [PART + 10, 5 * PART + 10]);
    };
    const e = await fx.engine({ cloner, onPartEvent });
    e.service.onDidChange((record) => seen.push(record));
    const done = await stoppedTransfer(e, (await start(e, file)).id);

    expect(rewritten).toBe(true);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(await sha256File(file.path)).not.toBe(file.sha);
    expect(await assembled(file.database)).toBe(file.sha);
    expect([...starts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(done.parts?.resent ?? 0).toBe(0);
    expect(cloner.made).toHaveLength(1);
    expect(seen.some((r) => r.state === 'uploading' && r.readsClone === true)).toBe(true);
    // Nothing read again before completing: the clone cannot have changed.
    expect(seen.map((r) => r.state)).not.toContain('verifying');
    expect(done.readsClone).toBeUndefined();
    expect(await clonesBeside(file.path)).toEqual([]);
  });

  it('keeps the clone through a pause and a restart, and imports it although the file changed meanwhile', async () => {
    const file = await sample();
    const dataDir = join(fx.root, `app-restart-${fx.next()}`);
    const cloner = copyingCloner();
    const first = await fx.engine({ cloner }, dataDir);
    fx.emulator.faults.set({ latencyMs: 20 });
    const { id } = await start(first, file);
    await waitUntil(() => (first.service.get(id).parts?.done ?? 0) >= 3, 20_000, '3 parts');
    await first.service.pauseAll('app-quit');
    fx.emulator.faults.set({ latencyMs: 0 });
    const journal = await journalOf(dataDir, id);
    expect(journal.clone).toMatchObject({
      path: join(dirname(file.path), `.databridge-clone-${id}`),
    });
    expect(journal.clone?.identity?.size).toBe(2 * MIB);
    expect(existsSync(journal.clone?.path ?? '')).toBe(true);
    // The file is rewritten from its first to its last byte's neighbourhood, times moved.
    rewrite(file.path, [0, PART + 1, 7 * PART + 1, 2 * MIB - 1]);

    const second = await fx.engine({ cloner }, dataDir);
    const [waiting] = await second.service.listResumable();
    expect(waiting).toMatchObject({ id, readsClone: true });
    await second.service.resumeAll();
    const done = await stoppedTransfer(second, id);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(await assembled(file.database)).toBe(file.sha);
    expect(cloner.made).toHaveLength(1);
    expect(await clonesBeside(file.path)).toEqual([]);
  });

  it('falls back when the clone is gone: a new clone of the unchanged file, the parts sent proven against it', async () => {
    const file = await sample();
    const dataDir = join(fx.root, `app-gone-${fx.next()}`);
    const cloner = copyingCloner();
    const first = await fx.engine({ cloner }, dataDir);
    fx.emulator.faults.set({ latencyMs: 20 });
    const { id } = await start(first, file);
    await waitUntil(() => (first.service.get(id).parts?.done ?? 0) >= 3, 20_000, '3 parts');
    await first.service.pauseAll('app-quit');
    fx.emulator.faults.set({ latencyMs: 0 });
    await rm(cloner.made[0] ?? '');

    const states: string[] = [];
    const second = await fx.engine({ cloner }, dataDir);
    second.service.onDidChange((record) => states.push(record.state));
    await second.service.resumeAll();
    const done = await stoppedTransfer(second, id);
    expect(done.state).toBe('done');
    expect(states).toContain('verifying');
    expect(done.parts?.resent ?? 0).toBe(0);
    expect(cloner.made).toHaveLength(2);
    expect(await assembled(file.database)).toBe(file.sha);
    expect(await clonesBeside(file.path)).toEqual([]);
  });

  it('refuses, as without a clone, a file that changed when its clone is gone', async () => {
    const file = await sample();
    const dataDir = join(fx.root, `app-gone-changed-${fx.next()}`);
    const cloner = copyingCloner();
    const first = await fx.engine({ cloner }, dataDir);
    fx.emulator.faults.set({ latencyMs: 20 });
    const { id } = await start(first, file);
    await waitUntil(() => (first.service.get(id).parts?.done ?? 0) >= 3, 20_000, '3 parts');
    await first.service.pauseAll('app-quit');
    fx.emulator.faults.set({ latencyMs: 0 });
    await rm(cloner.made[0] ?? '');
    rewrite(file.path, [PART + 3]);

    const second = await fx.engine({ cloner }, dataDir);
    await second.service.resumeAll();
    const failed = await stoppedTransfer(second, id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('VALIDATION');
    expect(failed.error?.message).toContain('changed since the upload started');
    expect(cloner.made).toHaveLength(1);
    expect(await clonesBeside(file.path)).toEqual([]);
    expect(existsSync(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(false);
  });

  it('removes the clone when the upload is cancelled', async () => {
    const file = await sample();
    const cloner = copyingCloner();
    const e = await fx.engine({ cloner });
    fx.emulator.faults.set({ latencyMs: 20 });
    const { id } = await start(e, file);
    await waitUntil(() => (e.service.get(id).parts?.done ?? 0) >= 2, 20_000, '2 parts');
    expect(await clonesBeside(file.path)).toHaveLength(1);
    expect((await e.service.cancel(id)).state).toBe('cancelled');
    expect(await clonesBeside(file.path)).toEqual([]);
  });

  it('removes the clone when the upload fails; a retry reads a new one', async () => {
    const file = await sample();
    const cloner = copyingCloner();
    let grown: Promise<void> | undefined;
    const onPartEvent = (_id: string, event: PartEvent): void => {
      // Something appends to the clone itself: the upload refuses it.
      if (event.kind === 'done' && event.partNumber === 2)
        grown ??= appendFile(cloner.made[0] ?? '', 'x');
    };
    const e = await fx.engine({ cloner, onPartEvent });
    const { id } = await start(e, file);
    const failed = await stoppedTransfer(e, id);
    await grown;
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toContain('changed size during its upload');
    expect(failed.readsClone).toBeUndefined();
    expect(await clonesBeside(file.path)).toEqual([]);

    await e.service.retry(id);
    const done = await stoppedTransfer(e, id);
    expect(done.state).toBe('done');
    expect(cloner.made).toHaveLength(2);
    expect(await assembled(file.database)).toBe(file.sha);
    expect(await clonesBeside(file.path)).toEqual([]);
  });

  it('makes no clone when the setting is off', async () => {
    const file = await sample();
    const cloner = copyingCloner();
    const e = await fx.engine({ cloner, cloneSources: false });
    const done = await stoppedTransfer(e, (await start(e, file)).id);
    expect(done.state).toBe('done');
    expect(cloner.made).toEqual([]);
    expect(await assembled(file.database)).toBe(file.sha);
  });

  it('reads a clone in a single-stream upload too, and removes it', async () => {
    const file = await sample(512 * KIB);
    const cloner = copyingCloner();
    const e = await fx.engine({ cloner });
    const done = await stoppedTransfer(e, (await start(e, file)).id);
    expect(done.state).toBe('done');
    expect(done.mode).toBe('single');
    expect(cloner.made).toHaveLength(1);
    expect(await clonesBeside(file.path)).toEqual([]);
    expect((await stat(file.path)).size).toBe(512 * KIB);
    expect(await assembled(file.database)).toBe(file.sha);
  });
});
