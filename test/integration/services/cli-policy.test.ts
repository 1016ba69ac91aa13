import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditDir } from '../../../src/main/services/config/app-paths';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';

/*
 * The command line under a machine policy, given through DATABRIDGE_POLICY_DIR (read because
 * this machine has no system policy: /etc/databridge/policy.json). Each refusal is checked
 * against the emulator's request log: nothing was sent.
 */

const API_KEY = 'demo-admin-key';

let env: RecordingEmulator;
let root: string;

beforeAll(async () => {
  if (existsSync('/etc/databridge/policy.json')) {
    throw new Error(
      'This machine has a system policy, /etc/databridge/policy.json: these tests need none.',
    );
  }
  env = await startRecordingEmulator();
  root = await mkdtemp(join(tmpdir(), 'cli-policy-'));
});
afterAll(async () => {
  await env.close();
  await rm(root, { recursive: true, force: true });
});

/** A folder holding `policy` as its policy.json (text as given, or JSON). */
async function policyDir(name: string, policy: unknown): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'policy.json'),
    typeof policy === 'string' ? policy : JSON.stringify(policy),
  );
  return dir;
}

const connection = () => ['--base-url', env.emulator.baseUrl];
const policyEnv = (dir: string) => ({ DATABRIDGE_POLICY_DIR: dir, DATABRIDGE_API_KEY: API_KEY });

describe('databridge policy show', () => {
  it('prints the policy in force with its locked keys, defaults and rules', async () => {
    const dir = await policyDir('good', {
      version: 1,
      locked: { auditOnFailure: 'refuse' },
      defaults: { theme: 'dark' },
      allowDestructive: false,
      allowedRegions: ['eu'],
    });
    const run = await runCli(['policy', 'show'], policyEnv(dir));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Machine policy: ${join(dir, 'policy.json')} (in force)`);
    expect(run.stdout).toMatch(/Locked .*:\n {2}auditOnFailure = "refuse"\n/);
    expect(run.stdout).toMatch(/Defaults .*:\n {2}theme = "dark"\n/);
    expect(run.stdout).toContain('allowDestructive = false');
    expect(run.stdout).toContain('allowedRegions = ["eu"]');
  });

  it('lists the problems of a bad file, which is ignored, and exits 1', async () => {
    const dir = await policyDir('bad', {
      version: 1,
      locked: { auditOnFailure: 'sometimes', colour: 1 },
    });
    const run = await runCli(['policy', 'show'], policyEnv(dir));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `The machine policy ${join(dir, 'policy.json')} is not valid and is ignored as a whole`,
    );
    expect(run.stdout).toMatch(/ {2}- locked: .*colour/);
    expect(run.stdout).toMatch(/ {2}- locked\.auditOnFailure: /);
    const json = await runCli(['policy', 'show', '--json'], policyEnv(dir));
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'invalid' });
  });

  it('says there is none when there is none', async () => {
    const run = await runCli(['policy', 'show'], { DATABRIDGE_POLICY_DIR: join(root, 'empty') });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^No machine policy \(none at \/etc\/databridge\/policy\.json\)/);
  });
});

describe('a command under the policy', () => {
  it('refuses a drop on a read-only organisation, sending nothing', async () => {
    const dir = await policyDir('read-only', { version: 1, allowDestructive: false });
    const before = env.requests.length;
    const args = [
      'databases',
      'drop',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Sales',
    ];
    const run = await runCli([...args, ...connection()], policyEnv(dir));
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^error FORBIDDEN: Not sent: .* your organisation's policy allows no changes/,
    );
    expect(env.requests.length).toBe(before);
    // A read still goes.
    const list = await runCli(['instances', 'list', ...connection()], policyEnv(dir));
    expect(list.code).toBe(0);
    expect(env.requests.length).toBeGreaterThan(before);
  });

  it('refuses a session kill when the policy turns kills off', async () => {
    const dir = await policyDir('no-kill', { version: 1, allowSessionKill: false });
    const before = env.requests.length;
    const args = ['sessions', 'kill', '--instanceName', 'sql-eu-prod-01', '--spid', '61'];
    const run = await runCli([...args, ...connection()], policyEnv(dir));
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^error FORBIDDEN: Not sent: .* does not allow terminating sessions/,
    );
    expect(env.requests.length).toBe(before);
  });

  it('refuses a base URL the policy does not allow, before anything is sent', async () => {
    const dir = await policyDir('urls', {
      version: 1,
      allowedServiceUrls: ['https://databridge.corp.example'],
    });
    const before = env.requests.length;
    const run = await runCli(['instances', 'list', ...connection()], policyEnv(dir));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `the service ${new URL(env.emulator.baseUrl).origin} is not one your organisation's policy allows`,
    );
    expect(run.stderr).toContain('allowed: https://databridge.corp.example');
    expect(env.requests.length).toBe(before);
  });

  it('keeps the locked audit mode over DATABRIDGE_AUDIT_ON_FAILURE, saying so', async () => {
    const dir = await policyDir('audit', { version: 1, locked: { auditOnFailure: 'refuse' } });
    const dataDir = join(root, 'audit-data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(auditDir(dataDir), 'not a folder'); // the trail cannot record
    const before = env.requests.length;
    const pin = [
      'databases',
      'pin',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Claims_History',
    ];
    const run = await runCli(
      [...pin, '--body', '{"pinned":true}', ...connection(), '--data-dir', dataDir],
      { ...policyEnv(dir), DATABRIDGE_AUDIT_ON_FAILURE: 'continue' },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'warning: DATABRIDGE_AUDIT_ON_FAILURE=continue is ignored: your organisation set the audit failure mode to "refuse".',
    );
    expect(run.stderr).toContain('AUDIT_UNAVAILABLE');
    expect(env.requests.length).toBe(before);
  });

  it('warns of a bad policy and goes on without it', async () => {
    const dir = await policyDir('broken', '{ "version": 1, ');
    const run = await runCli(['instances', 'list', ...connection()], policyEnv(dir));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `warning: the machine policy ${join(dir, 'policy.json')} is not valid and is ignored`,
    );
  });
});
