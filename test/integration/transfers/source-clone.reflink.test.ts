import { closeSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import type { PartEvent } from '../../../src/main/services/transfers/transfer-context';
import { importFile } from '../../support/import-file';
import {
  mappedWriterRefusal,
  startMappedWriter,
  type MappedWriter,
} from '../../support/mapped-writer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import {
  mountScratch,
  scratchRefusal,
  type ScratchKind,
  type ScratchMount,
} from '../../support/scratch-file-systems';
import { useTransferFixture } from '../../support/transfer-fixture';
import { PROFILE_ID, assembledPath, waitUntil } from '../../support/transfer-rig';

/*
 * The engine's own clone (COPYFILE_FICLONE_FORCE) on real file systems the test mounts: on a
 * Btrfs the upload reads a copy-on-write clone, so a file written during its upload through a
 * shared memory mapping and in place is imported exactly as it was when the upload started,
 * with no part sent again; on a tmpfs, which cannot clone, the upload reads the file itself as
 * before, proving every part and sending again what changed.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'source-clone-reflink',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    // The app's default, with the engine's own cloner.
    cloneSources: true,
  },
);

const noPython = mappedWriterRefusal();
const refusals: Record<ScratchKind, string | undefined> = {
  btrfs: noPython ?? scratchRefusal('btrfs'),
  tmpfs: noPython ?? scratchRefusal('tmpfs'),
};
for (const [kind, refusal] of Object.entries(refusals)) {
  if (refusal) console.log(`source-clone.reflink (${kind}): skipped, ${refusal}`);
}

const mounts = new Map<ScratchKind, ScratchMount>();
const writers: MappedWriter[] = [];
beforeAll(() => {
  for (const kind of ['btrfs', 'tmpfs'] as const) {
    if (!refusals[kind]) mounts.set(kind, mountScratch(kind, fx.root));
  }
});
afterEach(() => {
  for (const writer of writers.splice(0)) writer.close();
});
afterAll(() => {
  for (const mount of mounts.values()) mount.close();
});

/** Writes byte `value` at `offset` with an ordinary write: the file's times move. */
function writeInPlace(path: string, offset: number, value: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from([value]), 0, 1, offset);
  } finally {
    closeSync(fd);
  }
}

interface Run {
  done: TransferRecord;
  /** The file when the upload started (after the first mapped write). */
  atStart: string;
  /** The file after the upload ended. */
  atEnd: string;
  imported: string;
  starts: number[];
  sawClone: boolean;
  leftBeside: string[];
}

/**
 * A 4 MiB file (16 parts) on `kind`, written through a mapping before its upload starts, then
 * after part 8 was sent: through the mapping into part 6 (sent) and in place into parts 3
 * (sent) and 11 (not sent yet).
 */
async function uploadWhileWritten(kind: ScratchKind): Promise<Run> {
  const mount = mounts.get(kind);
  if (!mount) throw new Error(`no ${kind} mounted`);
  const n = fx.next();
  const path = join(mount.dir, `written-${n}.bak`);
  await writeSampleDatabaseFile(path, 'bak', 4 * MIB, `reflink-${n}`);
  const writer = startMappedWriter(path, fx.root, String(n));
  writers.push(writer);
  writer.write(5 * PART + 100, 1);
  const atStart = await sha256File(path);
  const starts: number[] = [];
  let written = false;
  const onPartEvent = (_id: string, event: PartEvent): void => {
    if (event.kind === 'start') starts.push(event.partNumber);
    if (event.kind !== 'done' || event.partNumber !== 8 || written) return;
    written = true;
    writer.write(5 * PART + 101, 2);
    writeInPlace(path, 2 * PART + 7, 3);
    writeInPlace(path, 10 * PART + 7, 4);
  };
  const engine = await fx.engine({ onPartEvent });
  let sawClone = false;
  engine.service.onDidChange((record) => {
    if (record.state === 'uploading' && record.readsClone) sawClone = true;
  });
  const { id } = await importFile(engine.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: `Written_${n}`,
    sourcePath: path,
  });
  await waitUntil(
    () => ['done', 'failed', 'cancelled', 'paused'].includes(engine.service.get(id).state),
    30_000,
    `transfer ${id} to stop`,
  );
  expect(written).toBe(true);
  return {
    done: engine.service.get(id),
    atStart,
    atEnd: await sha256File(path),
    imported: await sha256File(assembledPath(fx.emulatorDir, INSTANCE, `Written_${n}`, 'bak')),
    starts,
    sawClone,
    leftBeside: readdirSync(mount.dir).filter((name) => name.startsWith('.databridge-clone-')),
  };
}

describe.skipIf(refusals.btrfs !== undefined)('on a Btrfs (a file system that clones)', () => {
  it('imports the bytes of the upload start while the file is written through a mapping and in place', async () => {
    const run = await uploadWhileWritten('btrfs');
    expect(run.done.error).toBeUndefined();
    expect(run.done.state).toBe('done');
    expect(run.atEnd).not.toBe(run.atStart);
    expect(run.imported).toBe(run.atStart);
    expect(run.sawClone).toBe(true);
    // No part was refused or sent again: each of the 16 started once.
    expect([...run.starts].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    expect(run.done.parts?.resent ?? 0).toBe(0);
    expect(run.leftBeside).toEqual([]);
  });
});

describe.skipIf(refusals.tmpfs !== undefined)(
  'on a tmpfs (a file system that cannot clone)',
  () => {
    it('reads the file itself, as before: the parts that changed are sent again, the final bytes imported', async () => {
      const run = await uploadWhileWritten('tmpfs');
      expect(run.done.error).toBeUndefined();
      expect(run.done.state).toBe('done');
      expect(run.sawClone).toBe(false);
      expect(run.imported).toBe(run.atEnd);
      expect(run.imported).not.toBe(run.atStart);
      expect(run.done.parts?.resent ?? 0).toBeGreaterThanOrEqual(2);
      expect(run.leftBeside).toEqual([]);
    });
  },
);
