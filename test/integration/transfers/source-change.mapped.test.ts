import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import type { PartEvent } from '../../../src/main/services/transfers/transfer-context';
import { importFile } from '../../support/import-file';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import {
  mappedWriterRefusal,
  startMappedWriter,
  type MappedWriter,
} from '../../support/mapped-writer';
import { useTransferFixture } from '../../support/transfer-fixture';
import { PROFILE_ID, assembledPath, waitUntil } from '../../support/transfer-rig';

/*
 * A file changed through a shared memory mapping during its upload. On Linux a write to a
 * page that is already dirty moves neither the change nor the modification time, so the
 * stamp the upload holds the file by cannot see it, and each part's MD5 matches what was read
 * when it was sent. Before the upload is completed every part is read again: the part that
 * changed after it was sent is sent again, and the import holds the file's final bytes, never
 * old parts beside new ones.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const noPython = mappedWriterRefusal();

const fx = useTransferFixture(
  'source-change-mapped',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
  },
);

const writers: MappedWriter[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) writer.close();
});

/** The mapped writer of `path`, stopped after the test. */
function mappedWriter(path: string): MappedWriter {
  const writer = startMappedWriter(path, fx.root, String(fx.next()));
  writers.push(writer);
  return writer;
}

it('sends a part again that changed through a mapping after it was sent, and imports the final bytes', async (context) => {
  if (process.platform !== 'linux') {
    context.skip('the times a mapped write leaves unmoved are Linux behaviour');
  }
  if (noPython) context.skip(noPython);
  const n = fx.next();
  const path = join(fx.root, `mapped-${n}.bak`);
  const original = await writeSampleDatabaseFile(path, 'bak', 4 * MIB, `mapped-${n}`);
  const writer = mappedWriter(path);
  // The first write to the page faults and moves the times, before the upload starts.
  writer.write(5 * PART + 100, 1);
  const before = statSync(path);
  const starts: number[] = [];
  let after: ReturnType<typeof statSync> | undefined;
  const onPartEvent = (_id: string, event: PartEvent): void => {
    if (event.kind === 'start') starts.push(event.partNumber);
    if (event.kind !== 'done' || event.partNumber !== 8 || after) return;
    // Part 6 (bytes from 5 x 256 KiB) was sent; its page is still dirty: no time moves.
    writer.write(5 * PART + 101, 2);
    after = statSync(path);
  };
  const engine = await fx.engine({ onPartEvent });
  const { id } = await importFile(engine.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: `Mapped_${n}`,
    sourcePath: path,
  });
  await waitUntil(
    () => ['done', 'failed', 'cancelled', 'paused'].includes(engine.service.get(id).state),
    30_000,
    `transfer ${id} to stop`,
  );
  const done: TransferRecord = engine.service.get(id);

  // The premise: the stamp could not see the second write.
  expect(after?.ctimeMs).toBe(before.ctimeMs);
  expect(after?.mtimeMs).toBe(before.mtimeMs);
  const final = await sha256File(path);
  expect(final).not.toBe(original);
  expect(done.error).toBeUndefined();
  expect(done.state).toBe('done');
  expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, `Mapped_${n}`, 'bak'))).toBe(
    final,
  );
  expect(starts.filter((part) => part === 6)).toHaveLength(2);
  expect(done.parts?.resent).toBe(1);
});
