import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { PROFILE_ID, assembledPath, waitUntil, type Engine } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * The queue of the app's transfers against the emulator over HTTP: at most N move bytes at
 * once, the others wait in order; moved up, started now, a raised limit, pause all and
 * resume all. Requests are slowed (latency) so uploads overlap.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const PART = 256 * KIB;

const fx = useTransferFixture(
  'queue',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 512 * KIB },
  },
);

interface Watched {
  readonly engine: Engine;
  /** The order in which transfers first moved bytes. */
  readonly started: string[];
  /** Transfers uploading now, by id, after every change. */
  readonly uploading: Set<string>;
  /** The most transfers seen uploading at once. */
  most(): number;
  /** What was uploading when `id` started to. */
  readonly alongside: Map<string, string[]>;
}

async function watchedEngine(limit: () => number): Promise<Watched> {
  const engine = await fx.engine({ transfersAtOnce: limit });
  const started: string[] = [];
  const uploading = new Set<string>();
  const alongside = new Map<string, string[]>();
  let most = 0;
  engine.service.onDidChange((record: TransferRecord) => {
    if (record.state === 'uploading') {
      if (!started.includes(record.id)) {
        started.push(record.id);
        alongside.set(record.id, [...uploading]);
      }
      uploading.add(record.id);
    } else uploading.delete(record.id);
    most = Math.max(most, uploading.size);
  });
  return { engine, started, uploading, alongside, most: () => most };
}

async function startImports(engine: Engine, count: number) {
  // Every file first, then the imports back to back: the first upload must still run when
  // the last one is started, even on a busy machine.
  const files = [];
  for (let i = 0; i < count; i += 1) {
    const n = fx.next();
    const path = join(fx.root, `queued-${n}.bak`);
    const sha = await writeSampleDatabaseFile(path, 'bak', MIB, `queue-${n}`);
    files.push({ id: '', path, sha, database: `Queued_${n}` });
  }
  for (const file of files) {
    const record = await importFile(engine.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: file.database,
      sourcePath: file.path,
    });
    file.id = record.id;
  }
  return files;
}

const stateOf = (engine: Engine, id: string) => engine.service.get(id);
const allDone = (engine: Engine, ids: string[]) =>
  waitUntil(
    () => ids.every((id) => ['done', 'failed'].includes(stateOf(engine, id).state)),
    30_000,
    'every transfer to end',
  );

describe('transfer queue', () => {
  it('runs one at a time in order; a transfer moved up or started now goes first', async () => {
    fx.emulator.faults.set({ latencyMs: 100 });
    const w = await watchedEngine(() => 1);
    const [a, b, c] = await startImports(w.engine, 3);
    if (!a || !b || !c) throw new Error('three imports');
    expect(stateOf(w.engine, a.id).state).toBe('uploading');
    expect(stateOf(w.engine, b.id)).toMatchObject({ state: 'queued', queuePosition: 1 });
    expect(stateOf(w.engine, c.id)).toMatchObject({ state: 'queued', queuePosition: 2 });

    w.engine.service.moveInQueue(c.id, 'up');
    expect(stateOf(w.engine, c.id).queuePosition).toBe(1);
    expect(stateOf(w.engine, b.id).queuePosition).toBe(2);
    expect(() => w.engine.service.moveInQueue(a.id, 'up')).toThrow(/not waiting in the queue/);

    w.engine.service.startNow(b.id);
    expect(stateOf(w.engine, b.id).state).toBe('uploading');
    expect(stateOf(w.engine, b.id).queuePosition).toBeUndefined();
    expect(stateOf(w.engine, c.id).queuePosition).toBe(1);

    fx.emulator.faults.set({ latencyMs: 0 });
    await allDone(w.engine, [a.id, b.id, c.id]);
    expect(w.started).toEqual([a.id, b.id, c.id]);
    // B started past the limit; C waited until neither A nor B held a slot.
    expect(w.most()).toBe(2);
    expect(w.alongside.get(c.id)).toEqual([]);
    for (const file of [a, b, c]) {
      expect(stateOf(w.engine, file.id).state).toBe('done');
      expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, file.database, 'bak'))).toBe(
        file.sha,
      );
    }
  });

  it('starts queued transfers when the limit is raised; pause all and resume all', async () => {
    fx.emulator.faults.set({ latencyMs: 100 });
    let limit = 1;
    const w = await watchedEngine(() => limit);
    const files = await startImports(w.engine, 3);
    const ids = files.map((f) => f.id);
    expect(ids.map((id) => stateOf(w.engine, id).state)).toEqual(['uploading', 'queued', 'queued']);

    const paused = await w.engine.service.pauseEverything();
    expect(paused.filter((r) => ids.includes(r.id)).map((r) => r.state)).toEqual([
      'paused',
      'paused',
      'paused',
    ]);
    w.engine.service.resumeEverything();
    expect(ids.filter((id) => stateOf(w.engine, id).state === 'queued')).toHaveLength(2);

    limit = 3;
    w.engine.service.applyQueueLimit();
    expect(ids.every((id) => stateOf(w.engine, id).state !== 'queued')).toBe(true);
    fx.emulator.faults.set({ latencyMs: 0 });
    await allDone(w.engine, ids);
    expect(ids.map((id) => stateOf(w.engine, id).state)).toEqual(['done', 'done', 'done']);
  });

  it('settled() of a queued transfer waits until it has run, not only until it was queued', async () => {
    const w = await watchedEngine(() => 1);
    const [a, b] = await startImports(w.engine, 2);
    if (!a || !b) throw new Error('two imports');
    expect(stateOf(w.engine, b.id).state).toBe('queued');
    const settled = await w.engine.service.settled(b.id);
    expect(settled).toMatchObject({ state: 'done' });
    expect(w.started).toEqual([a.id, b.id]);
  });
});
