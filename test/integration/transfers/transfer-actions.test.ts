import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditTrail } from '../../../src/main/services/audit/audit-trail';
import { CallAuditor } from '../../../src/main/services/audit/call-auditor';
import { silentLogger } from '../../../src/main/services/log/logger';
import { groupActions } from '../../../src/shared/model/audit-actions';
import type { AuditRecord } from '../../../src/shared/model/audit';
import { writeSampleDatabaseFile } from '../../support/sample-files';
import { importFile } from '../../support/import-file';
import { PROFILE_ID, waitUntil, type Engine } from '../../support/transfer-rig';
import { useTransferFixture } from '../../support/transfer-fixture';

/*
 * A transfer is one user action in the audit trail: every call it makes, in every run, carries
 * the transfer's action, so an import paused by the app quitting and resumed by the next start
 * reads as one action with its upload's start and completion and the import under it; an
 * export is one with its export, and a download of an archive one with the archive's reads.
 */

const KIB = 1024;
const PART = 256 * KIB;
const DEV = 'sql-eu-dev-01';
const PROD = 'sql-eu-prod-01';

const fx = useTransferFixture(
  'actions',
  { jobMs: 50, minPartSize: PART },
  {
    auth: { kind: 'apiKey', apiKey: 'demo-admin-key' },
    partsInFlight: 1,
    partPlan: { partSize: PART, minPartSize: PART, singleStreamThreshold: 64 * KIB },
  },
);

/** An engine whose changes go into `trail`, and whose jobs' ends too (as the app wires them). */
async function auditedEngine(trail: AuditTrail, dataDir: string): Promise<Engine> {
  const auditor = new CallAuditor({
    trail,
    source: { kind: 'app', version: 'test' },
    logger: silentLogger,
  });
  const e = await fx.engine({ audit: auditor }, dataDir);
  e.watcher.onDidChange((event) => void auditor.jobEnded(event));
  return e;
}

async function settled(e: Engine, id: string): Promise<void> {
  const final = ['done', 'failed', 'cancelled'];
  await waitUntil(() => final.includes(e.service.get(id).state), 20_000, `transfer ${id}`);
}

/** The trail's records once the job's end is in too. */
async function withJobEnd(trail: AuditTrail): Promise<AuditRecord[]> {
  let records: AuditRecord[] = [];
  await waitUntil(
    async () => {
      records = (await trail.list()).records;
      return records.some((record) => record.type === 'jobEnded');
    },
    10_000,
    'the end of the job in the trail',
  );
  return records;
}

const callsOf = (records: readonly AuditRecord[]) =>
  records.filter((r) => r.type === 'call').map((r) => (r.type === 'call' ? r.operation : ''));

describe('transfers as user actions in the audit trail', () => {
  it('keeps one action for an import across a restart: init, complete, import under it', async () => {
    const root = join(fx.root, `restart-${fx.next()}`);
    const trail = new AuditTrail({ dir: join(root, 'audit') });
    const dataDir = join(root, 'app');
    const source = join(root, 'source.bak');
    await mkdir(root, { recursive: true });
    await writeSampleDatabaseFile(source, 'bak', 6 * PART, 'actions-restart');
    // A little latency: the app quits while parts are still to be sent.
    fx.emulator.faults.set({ latencyMs: 20 });
    const first = await auditedEngine(trail, dataDir);
    const started = await importFile(first.service, {
      profileId: PROFILE_ID,
      instanceName: DEV,
      databaseName: 'Restarted_Import',
      sourcePath: source,
    });
    await waitUntil(() => (first.service.get(started.id).parts?.done ?? 0) >= 2, 20_000, 'parts');
    await first.service.pauseAll('app-quit');
    const paused = first.service.get(started.id);
    expect(paused.state).toBe('paused');
    expect(paused.parts?.done).toBeLessThan(paused.parts?.total ?? 0);
    fx.emulator.faults.set({ latencyMs: 0 });

    const second = await auditedEngine(trail, dataDir);
    await second.service.resumeAll();
    await settled(second, started.id);
    expect(second.service.get(started.id).state).toBe('done');

    const records = await withJobEnd(trail);
    const actions = groupActions(records, Date.now());
    expect(actions).toHaveLength(1);
    const [action] = actions;
    expect(action).toMatchObject({
      actionId: started.id,
      kind: 'import',
      label: 'import',
      target: `${DEV} / Restarted_Import`,
      state: 'succeeded',
    });
    expect(action?.calls.map((call) => call.operation)).toEqual([
      'uploads.init',
      'uploads.complete',
      'databases.import',
    ]);
    // Both runs' records carry it: the first run's upload start, the second's completion.
    expect(callsOf(records)).toEqual(['uploads.init', 'uploads.complete', 'databases.import']);
    for (const record of records) {
      if (record.type === 'call') expect(record.action?.id).toBe(started.id);
    }
  });

  it('records an export as one action, its job ending under it', async () => {
    const root = join(fx.root, `export-${fx.next()}`);
    const trail = new AuditTrail({ dir: join(root, 'audit') });
    const destinationFolder = join(root, 'to');
    await mkdir(destinationFolder, { recursive: true });
    const e = await auditedEngine(trail, join(root, 'app'));
    const started = await e.service.startExport({
      profileId: PROFILE_ID,
      instanceName: DEV,
      databaseName: 'Dev_EDM_Sample',
      exportTo: 1,
      destinationFolder,
    });
    await settled(e, started.id);
    const actions = groupActions(await withJobEnd(trail), Date.now());
    expect(actions).toMatchObject([
      { actionId: started.id, kind: 'export', label: 'export', state: 'succeeded' },
    ]);
    expect(actions[0]?.calls.map((call) => call.operation)).toEqual(['databases.export']);
  });

  it("records a download of an archive as one action: the archive's reads that hand out its files", async () => {
    const root = join(fx.root, `archive-${fx.next()}`);
    const trail = new AuditTrail({ dir: join(root, 'audit') });
    const destinationFolder = join(root, 'to');
    await mkdir(destinationFolder, { recursive: true });
    const e = await auditedEngine(trail, join(root, 'app'));
    const archives = await e.connections.connection.client.call('archives.list', {
      pathParams: { instanceName: PROD },
    });
    const archiveId = archives.find((archive) => archive.archiveId)?.archiveId ?? '';
    const started = await e.service.startArchiveDownload({
      profileId: PROFILE_ID,
      instanceName: PROD,
      archiveId,
      destinationFolder,
    });
    await settled(e, started.id);
    expect(e.service.get(started.id).state).toBe('done');
    const actions = groupActions((await trail.list()).records, Date.now());
    expect(actions).toMatchObject([
      {
        actionId: started.id,
        kind: 'downloadArchive',
        label: 'download archive',
        target: `${PROD} / ${archiveId}`,
        state: 'succeeded',
      },
    ]);
    // Read when the download is planned, and again when its run starts (fresh links).
    expect(actions[0]?.calls.map((call) => call.operation)).toEqual([
      'archives.get',
      'archives.get',
    ]);
  });
});
