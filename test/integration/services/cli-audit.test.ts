import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAuditCli } from '../../../src/main/cli/commands/audit';
import { createAudit } from '../../../src/main/services/audit/audit-setup';
import { auditDir } from '../../../src/main/services/config/app-paths';
import { createConnection } from '../../../src/main/services/connection/connection';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import type { AuditRecord } from '../../../src/shared/model/audit';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';
import { auditRecordsOf } from '../../support/cli/audit-json';

/*
 * The audit trail of the command line: changes made by `databridge` runs are recorded in the
 * data folder's trail (the app's), reads are not, and `audit list` answers them filtered.
 */

const PROD = 'sql-eu-prod-01';
const API_KEY = 'demo-admin-key';
const PASSWORD = 'Cli!Passw0rd-42';

let env: RecordingEmulator;
let dataDir: string;
let connection: string[];

beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 50 });
  dataDir = await mkdtemp(join(tmpdir(), 'audit-cli-'));
  connection = ['--base-url', env.emulator.baseUrl, '--api-key', API_KEY, '--data-dir', dataDir];
});
afterAll(async () => {
  await env.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `databridge audit list ...` in this process: the command as the runner hands it on. */
async function auditCli(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runAuditCli(['audit', 'list', ...args], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
  });
  return { code, stdout, stderr };
}

async function auditList(...args: string[]): Promise<AuditRecord[]> {
  const run = await auditCli('--data-dir', dataDir, ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return auditRecordsOf(run.stdout);
}

const operationsOf = (records: AuditRecord[]) =>
  records.map((r) => (r.type === 'call' ? r.operation : r.type));

describe('the audit trail of the command line', () => {
  it('records the changes of CLI runs, not their reads, and lists them', async () => {
    const db = ['--instanceName', PROD, '--databaseName', 'Claims_History'];
    const runs = [
      await runCli(['instances', 'list', ...connection]),
      await runCli(['databases', 'pin', ...db, '--body', '{"pinned":true}', ...connection]),
      await runCli([
        'logins',
        'create',
        '--instanceName',
        PROD,
        '--body',
        JSON.stringify({ login: 'cli_user', password: PASSWORD, role: 'Consumer' }),
        ...connection,
      ]),
      await runCli([
        'databases',
        'drop',
        '--instanceName',
        PROD,
        '--databaseName',
        'NoSuchDb',
        // A drop from a script is refused without --yes.
        '--yes',
        ...connection,
      ]),
    ];
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 1]);
    const sessions = JSON.parse(
      (await runCli(['sessions', 'list', '--instanceName', PROD, ...connection])).stdout,
    ) as { sessionId: number }[];
    const spid = sessions.find((s) => s.sessionId > 50)?.sessionId;
    const kill = await runCli([
      'sessions',
      'kill',
      '--instanceName',
      PROD,
      '--spid',
      String(spid),
      '--yes',
      ...connection,
    ]);
    expect(kill.code).toBe(0);

    const records = await auditList();
    expect(operationsOf(records)).toEqual([
      'databases.pin',
      'logins.create',
      'databases.drop',
      'sessions.kill',
    ]);
    const version = (JSON.parse(await readFile('package.json', 'utf8')) as { version: string })
      .version;
    // Each change is written twice, its intent before it is sent and its call after; a read
    // answers the call alone.
    expect(records[0]).toMatchObject({
      type: 'call',
      seq: 2,
      source: { kind: 'cli', version },
      profile: { name: 'command line' },
      target: { instanceName: PROD, databaseName: 'Claims_History' },
      input: { body: { pinned: true } },
      outcome: { ok: true },
    });
    expect(records[1]).toMatchObject({
      input: { body: { login: 'cli_user', password: '[redacted]', role: 'Consumer' } },
      outcome: { ok: true, jobId: expect.any(String) as unknown },
    });
    expect(records[2]).toMatchObject({ outcome: { ok: false, status: 404, code: 'NOT_FOUND' } });
  }, 180_000);

  it('filters by operation, outcome, target and time, and answers the kills', async () => {
    expect(operationsOf(await auditList('--outcome', 'failed'))).toEqual(['databases.drop']);
    expect(operationsOf(await auditList('--operation', 'logins.create'))).toEqual([
      'logins.create',
    ]);
    expect(operationsOf(await auditList('--target', 'nosuch'))).toEqual(['databases.drop']);
    expect(await auditList('--since', '2000-01-01')).toHaveLength(4);
    expect(operationsOf(await auditList('--kills'))).toEqual(['sessions.kill']);
    const usage = await auditCli('--data-dir', dataDir, '--outcome', 'maybe');
    expect(usage.code).toBe(2);
  });

  it('shares one trail with the app: an app change links after the CLI records', async () => {
    const dispatcher = createDispatcher({ env: {} });
    const audit = createAudit({
      dataDir,
      source: { kind: 'app', version: '1.2.3' },
      logger: silentLogger,
    });
    const time = new Date().toISOString();
    const app = createConnection(
      {
        id: 'app-profile',
        name: 'Emulator',
        target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
        auth: { kind: 'apiKey' },
        color: '#1f6feb',
        readOnly: false,
        isEmulator: true,
        createdAt: time,
        updatedAt: time,
      },
      { apiKey: API_KEY },
      {
        endpoints: { baseUrl: env.emulator.baseUrl, authUrl: env.emulator.authUrl },
        dispatcher,
        logger: silentLogger,
        sessionOnly: false,
        audit: audit.auditor,
      },
    );
    await app.client.call('cluster.setServerSecurity', { body: { minTlsVersion: '1.2' } });
    app.auth.dispose();
    await dispatcher.close();
    const records = await auditList();
    expect(records.map((r) => r.seq)).toEqual([2, 4, 6, 8, 10]);
    expect(records.map((r) => (r.type === 'call' ? r.source.kind : ''))).toEqual([
      'cli',
      'cli',
      'cli',
      'cli',
      'app',
    ]);
  });

  it('reports a damaged trail (exit code 1), keeps it aside and lists the new chain', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audit-cli-damaged-'));
    try {
      const audit = createAudit({
        dataDir: dir,
        source: { kind: 'cli', version: '1' },
        logger: silentLogger,
      });
      for (const name of ['a', 'b']) {
        await audit.trail.append({
          type: 'jobEnded',
          source: { kind: 'cli', version: '1' },
          profile: { id: 'p' },
          instanceName: PROD,
          jobId: name,
          phase: 'succeeded',
          status: 'Succeeded',
        });
      }
      const file = join(auditDir(dir), 'audit.jsonl');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"jobId":"a"', '"jobId":"z"'));
      const run = await auditCli('--data-dir', dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /did not verify .*"status":"tampered","seq":1.*Moved aside: audit-.*\.damaged\.jsonl/,
      );
      expect(auditRecordsOf(run.stdout)).toMatchObject([{ type: 'chainStarted', seq: 1 }]);
      const names = await readdir(auditDir(dir));
      expect(names.filter((n) => n.endsWith('.damaged.jsonl'))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes no API key or password to the trail', async () => {
    const dir = auditDir(dataDir);
    let text = '';
    for (const name of await readdir(dir)) text += await readFile(join(dir, name), 'utf8');
    expect(text).toContain('logins.create');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(PASSWORD);
  });
});
