import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { importFile } from '../../support/import-file';
import { writeSampleDatabaseFile } from '../../support/sample-files';
import { useTransferFixture } from '../../support/transfer-fixture';
import { PROFILE_ID, waitUntil, type Engine } from '../../support/transfer-rig';

/*
 * A storage host that fails a part is tried again, and the transfer says so while it waits
 * ("storage host failing (HTTP 500), attempt 2 of 3, next in …"), the notice going once bytes
 * move again; a host that keeps failing ends the step after its attempts, the error saying how
 * many were made and how long they took.
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const PART = 256 * KIB;
const INSTANCE = 'sql-eu-dev-01';

const fx = useTransferFixture(
  'retry-notice',
  { jobMs: 60, minPartSize: PART },
  {
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: MIB },
    retry: { maxAttempts: 3, baseDelayMs: 400, maxDelayMs: 400 },
  },
);

async function importWatched(e: Engine) {
  const n = fx.next();
  const path = join(fx.root, `retry-${n}.bak`);
  await writeSampleDatabaseFile(path, 'bak', 2 * MIB, `retry-${n}`);
  const seen: TransferRecord[] = [];
  e.service.onDidChange((record) => seen.push(record));
  const { id } = await importFile(e.service, {
    profileId: PROFILE_ID,
    instanceName: INSTANCE,
    databaseName: `Retry_${n}`,
    sourcePath: path,
  });
  await waitUntil(
    () => ['done', 'failed', 'cancelled', 'paused'].includes(e.service.get(id).state),
    30_000,
    `transfer ${id} to stop`,
  );
  return { seen: seen.filter((record) => record.id === id), final: e.service.get(id) };
}

describe('a storage host that fails parts', () => {
  it('says it is trying again, with the attempt and when, until bytes move again', async () => {
    fx.emulator.faults.once('partPut500', 1);
    const { seen, final } = await importWatched(await fx.engine());
    const notices = seen.flatMap((record) => (record.retrying ? [record.retrying] : []));
    expect(notices[0]).toMatchObject({
      step: 'part 1',
      what: 'storage host failing (HTTP 500)',
      attempt: 2,
      of: 3,
    });
    expect(Date.parse(notices[0]?.at ?? '')).toBeGreaterThan(0);
    expect(final.state).toBe('done');
    expect(final.retrying).toBeUndefined();
    const last = seen.at(-1);
    expect(last?.retrying).toBeUndefined();
  });

  it('gives up after its attempts, saying how many and how long', async () => {
    fx.emulator.faults.once('partPut500', 20);
    const { final } = await importWatched(await fx.engine());
    expect(final.state).not.toBe('done');
    expect(final.error?.message).toMatch(/Gave up after 3 attempts in \d+ s\./);
    expect(final.retrying).toBeUndefined();
  });
});
