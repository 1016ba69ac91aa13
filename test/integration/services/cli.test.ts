import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';

let env: RecordingEmulator;
let dataDir: string;
let base: string[];

beforeAll(async () => {
  env = await startRecordingEmulator();
  dataDir = await mkdtemp(join(tmpdir(), 'cli-data-'));
  base = ['--base-url', env.emulator.baseUrl];
});
afterAll(async () => {
  await env.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run cli', () => {
  it('lists the instances as JSON with an API key', async () => {
    const run = await runCli(['instances', 'list', ...base, '--api-key', 'demo-admin-key']);
    expect(run.code).toBe(0);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((i) => i.name);
    expect(names).toEqual(['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']);
  });

  it('reports a service error on stderr with exit code 1', async () => {
    const run = await runCli(
      ['databases.get', '--instanceName', 'sql-eu-prod-01', '--databaseName', 'NoSuchDb', ...base],
      { DATABRIDGE_API_KEY: 'demo-admin-key' },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^error NOT_FOUND: Could not read database NoSuchDb on sql-eu-prod-01: /,
    );
  });

  it('signs in with tenant, user and password, and passes query parameters and bodies', async () => {
    const run = await runCli(
      [
        'archives',
        'list',
        '--instanceName',
        'sql-eu-prod-01',
        '--limit',
        '2',
        '--sort',
        'name ASC',
        ...base,
        '--tenant',
        'demo',
        '--user',
        'admin',
      ],
      { DATABRIDGE_PASSWORD: 'demo' },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(2);
    const moved = await runCli([
      'databases',
      'move',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Analytics_Sandbox',
      '--body',
      '{"serverName":"sql-eu-dev-01"}',
      ...base,
      '--api-key',
      'demo-admin-key',
    ]);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ jobId: expect.any(String) as unknown });
  });

  it('uses a saved profile from the data folder', async () => {
    const store = new ProfileStore({ file: join(dataDir, 'profiles.json') });
    await store.load();
    await store.create({
      name: 'Emu',
      target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    // The key given for this command: one left in the environment is never a profile's.
    const run = await runCli(
      ['clientIp', 'get', '--profile', 'emu', '--data-dir', dataDir, '--api-key-stdin'],
      {},
      'demo-consumer-key\n',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ isAllowed: true });
  });

  it('answers a bad command line with exit code 2', async () => {
    const run = await runCli(['databases', 'explode', ...base]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^usage: Unknown operation "databases explode"/);
  });

  it('answers the --help of a group with its operations (exit 0), and a typo with the operation meant', async () => {
    const help = await runCli(['sessions', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^databridge sessions OPERATION/);
    expect(help.stdout).toMatch(/^ {2}kill +\S/m);
    const typo = await runCli(['instances', 'lst', ...base]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/Did you mean "instances list"\?/);
  });
});
