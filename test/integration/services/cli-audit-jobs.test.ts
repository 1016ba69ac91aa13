import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAuditCli } from '../../../src/main/cli/commands/audit';
import { defaultDataDir } from '../../../src/main/services/config/app-paths';
import { isFinalJobStatus } from '../../../src/shared/contract/enums';
import type { AuditRecord } from '../../../src/shared/model/audit';
import { cliDataHome, cliDataHomeEnv } from '../../support/cli-data-home';
import { ENV } from '../../support/cli/cli-transfer-kit';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';
import { auditRecordsOf } from '../../support/cli/audit-json';

/*
 * The ends of the jobs a CLI run follows, in the audit trail: `jobs wait` and a transfer that
 * waits for its job append one `jobEnded` record per job (as the app does), linked to the call
 * that started it by the job id; a read appends nothing. Each test has a data folder of its own.
 */

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';

let env: RecordingEmulator;
let root: string;
let count = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'audit-jobs-'));
  env = await startRecordingEmulator({ jobMs: 3000, dataDir: join(root, 'emu') });
});
afterEach(() => env.emulator.faults.reset());
afterAll(async () => {
  await env?.close();
  await rm(root, { recursive: true, force: true });
});

/** A data folder of its own and the connection options that use it (and `emulator`). */
function connection(emulator: RecordingEmulator = env): { dataDir: string; args: string[] } {
  const dataDir = join(root, `data-${(count += 1)}`);
  return { dataDir, args: ['--base-url', emulator.emulator.baseUrl, '--data-dir', dataDir] };
}

async function auditList(dataDir: string, ...args: string[]): Promise<AuditRecord[]> {
  let stdout = '';
  let stderr = '';
  const code = await runAuditCli(['audit', 'list', '--data-dir', dataDir, ...args], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return auditRecordsOf(stdout);
}

const kinds = (records: AuditRecord[]) =>
  records.map((r) => (r.type === 'call' ? r.operation : r.type));

function startedJob(records: AuditRecord[], operation: string): string {
  const call = records.find((r) => r.type === 'call' && r.operation === operation);
  const jobId = call?.type === 'call' ? call.outcome.jobId : undefined;
  if (!jobId) throw new Error(`No recorded ${operation} call with a job id.`);
  return jobId;
}

describe('the audit trail of the jobs a CLI run follows', () => {
  it('jobs wait follows a job to its end and records it, once; a read records nothing', async () => {
    // A job long enough that the wait, a process started after the one that started the job,
    // finds it running and follows it with the job watcher.
    const slow = await startRecordingEmulator({ jobMs: 15_000 });
    try {
      const { dataDir, args } = connection(slow);
      const body = JSON.stringify({
        login: 'wait_user',
        password: 'Wait!Passw0rd-1',
        role: 'Consumer',
      });
      const created = await runCli(
        ['logins', 'create', '--instanceName', PROD, '--body', body, ...args],
        ENV,
      );
      expect(created.code).toBe(0);
      const jobId = startedJob(await auditList(dataDir), 'logins.create');

      const wait = ['jobs', 'wait', '--instanceName', PROD, '--jobId', jobId, ...args];
      const first = await runCli(wait, ENV);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ jobId, status: 'Succeeded' });
      // The watcher's polls (the instance's job list) show the job was followed, not found over.
      expect(
        slow.count(new RegExp(`^GET /databridge/v1/sql-instances/${PROD}/jobs 200`)),
      ).toBeGreaterThan(0);
      const records = await auditList(dataDir);
      expect(kinds(records)).toEqual(['logins.create', 'jobEnded']);
      const call = records[0];
      expect(records[1]).toMatchObject({
        type: 'jobEnded',
        // After the change's intent (1) and its call (2).
        seq: 3,
        source: { kind: 'cli' },
        profile: { id: call?.type === 'call' ? call.profile.id : '' },
        instanceName: PROD,
        jobId,
        phase: 'succeeded',
        status: 'Succeeded',
      });
      // Asked again once the job is over (one read, no watcher): still one record of its end;
      // and a read records nothing.
      expect((await runCli(wait, ENV)).code).toBe(0);
      const listed = await runCli(['jobs', 'list', '--instanceName', PROD, ...args], ENV);
      expect(listed.code).toBe(0);
      expect(await auditList(dataDir)).toEqual(records);
      // Linked to the call by the job id: a filter by the call's operation answers both.
      expect(kinds(await auditList(dataDir, '--operation', 'logins.create'))).toEqual([
        'logins.create',
        'jobEnded',
      ]);
    } finally {
      await slow.close();
    }
  }, 120_000);

  it('jobs wait records a job that had already failed, with its end state', async () => {
    const { dataDir, args } = connection();
    env.emulator.faults.once('jobFail');
    const shrink = ['databases', 'shrink', '--instanceName', PROD, '--databaseName', 'tempdb'];
    expect((await runCli([...shrink, '--body', '{}', ...args], ENV)).code).toBe(0);
    const jobId = startedJob(await auditList(dataDir), 'databases.shrink');
    await untilFinal(PROD, jobId);

    const run = await runCli(
      ['jobs', 'wait', '--instanceName', PROD, '--jobId', jobId, ...args],
      ENV,
    );
    expect(run.code).toBe(5);
    const records = await auditList(dataDir);
    expect(kinds(records)).toEqual(['databases.shrink', 'jobEnded']);
    expect(records[1]).toMatchObject({
      type: 'jobEnded',
      jobId,
      phase: 'failed',
      error: expect.stringMatching(/disk space/) as unknown,
    });
  }, 120_000);

  it('an export records the end of its job once, linked to the call that started it', async () => {
    const { dataDir, args } = connection();
    const to = join(root, `export-${count}`);
    const run = await runCli(
      [
        ...['export', '--instanceName', DEV, '--databaseName', 'Dev_EDM_Sample'],
        ...['--exportTo', '1', '--to', to, ...args],
      ],
      ENV,
    );
    expect(run.code).toBe(0);
    const { jobId } = JSON.parse(run.stdout) as { jobId: string };
    const records = await auditList(dataDir);
    const ends = records.filter((r) => r.type === 'jobEnded');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ jobId, instanceName: DEV, phase: 'succeeded' });
    const call = records.find((r) => r.type === 'call' && r.outcome.jobId === jobId);
    expect(call?.seq).toBeLessThan(ends[0]?.seq ?? 0);
  }, 120_000);

  it("a run given no --data-dir records into the tests' temporary home, not the real one", async () => {
    const pin = ['databases', 'pin', '--instanceName', PROD, '--databaseName', 'Claims_History'];
    const run = await runCli(
      [...pin, '--body', '{"pinned":true}', '--base-url', env.emulator.baseUrl],
      ENV,
    );
    expect(run.code).toBe(0);
    const dataDir = defaultDataDir(process.platform, cliDataHomeEnv(), cliDataHome());
    expect(kinds(await auditList(dataDir))).toEqual(['databases.pin']);
  }, 60_000);
});

/** Reads the job until the service says it is over. */
async function untilFinal(instanceName: string, jobId: string): Promise<void> {
  const { client, dispatcher } = apiKeyClient(env.emulator);
  try {
    for (let i = 0; i < 300; i += 1) {
      const job = await client.call('jobs.getByInstance', { pathParams: { instanceName, jobId } });
      if (isFinalJobStatus(job.status)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Job ${jobId} did not end.`);
  } finally {
    await dispatcher.close();
  }
}
