import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { PROFILE_ID, assembledPath, waitUntil } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';
import { importFile } from '../../support/import-file';

/*
 * A journal that cannot be read any more is set aside; the app says so on a card of its own
 * (the service's list and its change event), with which file, what could not be read, that
 * the upload starts over and that the parts already sent stay on the service.
 */

const KIB = 1024;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'damaged-journal',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: PART },
  },
);

/** Sends a few parts of an import, then stops the app: answers the journal left behind. */
async function leftJournal() {
  const n = fx.next();
  const path = join(fx.root, `source-${n}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', 12 * PART - 3 * KIB, `damaged-${n}`);
  const database = `Damaged_${n}`;
  const dataDir = join(fx.root, `app-${n}`);
  const first = await fx.engine({}, dataDir);
  fx.emulator.faults.set({ latencyMs: 30 });
  const started = await importFile(first.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: database,
    sourcePath: path,
  });
  await waitUntil(() => (first.service.get(started.id).parts?.done ?? 0) >= 3, 20_000, '3 parts');
  await first.service.pauseAll('app-quit');
  fx.emulator.faults.set({ latencyMs: 0 });
  const name = `${started.id}.json`;
  const text = await readFile(join(dataDir, 'transfers', name), 'utf8');
  return { path, sha, database, name, text };
}

/** A new app on a data folder holding `journal` as `name`: its records, and those it announced. */
async function openWith(name: string, journal: string | Buffer) {
  const dataDir = join(fx.root, `app-${fx.next()}`);
  await mkdir(join(dataDir, 'transfers'), { recursive: true });
  await writeFile(join(dataDir, 'transfers', name), journal);
  const e = await fx.engine({}, dataDir);
  const announced: TransferRecord[] = [];
  e.service.onDidChange((record) => announced.push(record));
  await e.service.resumeAll();
  const aside = (await readdir(join(dataDir, 'transfers'))).filter((file) =>
    file.startsWith(`${name}.damaged-`),
  );
  return { e, announced, aside, listed: e.service.list() };
}

describe('a damaged upload journal', () => {
  it('is shown as a failed transfer that says what was lost, and the file imports again from its first part', async () => {
    const left = await leftJournal();
    const cut = left.text.slice(0, Math.floor(left.text.length * 0.7));
    const { e, announced, aside, listed } = await openWith(left.name, cut);

    expect(aside).toHaveLength(1);
    expect(listed).toHaveLength(1);
    const [card] = listed;
    expect(card).toMatchObject({ kind: 'import', state: 'failed', sourcePath: left.path });
    expect(announced.map((record) => record.id)).toEqual([card?.id]);
    const message = card?.error?.message ?? '';
    expect(message).toContain(`The journal of the upload of ${left.path} to ${left.database}`);
    expect(message).toContain(`${left.name}) could not be read: its JSON is cut short`);
    expect(message).toContain(`It was set aside as `);
    expect(message).toMatch(
      /importing the file again starts the upload over from the first part, and the .*parts? it had already sent stays? on the service, unused/,
    );
    const resumed = Promise.resolve().then(() => e.service.resume(card?.id ?? ''));
    await expect(resumed).rejects.toThrow(/nothing to resume from/);

    const sent: number[] = [];
    const again = await fx.engine({
      onPartEvent: (_id, event) => event.kind === 'start' && sent.push(event.partNumber),
    });
    const restarted = await importFile(again.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: left.database,
      sourcePath: left.path,
    });
    await waitUntil(() => again.service.get(restarted.id).state === 'done', 20_000, 'the import');
    expect(sent[0]).toBe(1);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, left.database, 'bak'))).toBe(
      left.sha,
    );
  });

  it('of random bytes or empty, is still shown, saying a journal could not be read', async () => {
    const left = await leftJournal();
    const random = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 89 + 13) % 256));
    for (const [journal, reason] of [
      [random, 'it does not hold JSON'],
      ['', 'it is empty'],
    ] as const) {
      const { listed, aside } = await openWith(left.name, journal);
      expect(aside).toHaveLength(1);
      expect(listed).toHaveLength(1);
      expect(listed[0]?.state).toBe('failed');
      expect(listed[0]?.error?.message).toMatch(
        new RegExp(
          `^A transfer journal \\(.*${left.name}\\) could not be read: ${reason}.*the parts it had already sent stay on the service, unused\\.$`,
        ),
      );
    }
  });
});
