import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/main/cli/output/exit-codes';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { runCli } from '../../support/cli/run-cli';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * The built command with a saved connection (--profile) acts only where that connection
 * points, with the secret given for it: a --base-url or --region beside it is refused, and a
 * key left in the environment is never sent to it. The emulator records every request it
 * serves; a refused run must leave it none.
 */

const KEY = 'demo-admin-key';
let env: RecordingEmulator;
let dataDir: string;
let profile: string[];

beforeAll(async () => {
  env = await startRecordingEmulator();
  dataDir = await mkdtemp(join(tmpdir(), 'cli-profile-'));
  const store = new ProfileStore({ file: join(dataDir, 'profiles.json') });
  await store.load();
  await store.create({
    name: 'Staging',
    target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
    auth: { kind: 'apiKey' },
  });
  profile = ['--profile', 'Staging', '--data-dir', dataDir];
});
afterAll(async () => {
  await env.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('databridge --profile', () => {
  it('refuses --base-url or --region beside it, before anything is sent', async () => {
    env.requests.length = 0;
    const keyed = { DATABRIDGE_API_KEY: KEY };
    const elsewhere = 'http://127.0.0.1:1/databridge';
    const withUrl = await runCli(['instances', 'list', ...profile, '--base-url', elsewhere], keyed);
    expect(withUrl).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(withUrl.stderr).toMatch(
      /^usage: --profile and --base-url both say where to connect.*Give one or the other: --profile Staging alone, or --base-url URL without --profile\.\n$/,
    );
    const withRegion = await runCli(['instances', 'list', ...profile, '--region', 'US'], keyed);
    expect(withRegion.code).toBe(EXIT.usage);
    expect(withRegion.stderr).toMatch(/^usage: --profile and --region both say where to connect/);
    // A transfer command connects the same way.
    const wait = await runCli(
      [
        'jobs',
        'wait',
        '--instanceName',
        'sql-eu-prod-01',
        '--jobId',
        'j',
        ...profile,
        '--base-url',
        env.emulator.baseUrl,
      ],
      keyed,
    );
    expect(wait.code).toBe(EXIT.usage);
    expect(wait.stderr).toMatch(/^usage: --profile and --base-url both say where to connect/);
    expect(env.requests).toEqual([]);
  });

  it('never sends DATABRIDGE_API_KEY to the saved connection; a key piped in is sent', async () => {
    env.requests.length = 0;
    const refused = await runCli(['clientIp', 'get', ...profile], { DATABRIDGE_API_KEY: KEY });
    // Nothing is stored for "Staging": the keychain holds nothing for it, or (no Secret
    // Service, as on CI) cannot be read; either way the environment's key stays unsent.
    expect(refused.code).toBe(EXIT.auth);
    expect(refused.stderr).toMatch(/DATABRIDGE_API_KEY from the environment is not sent to/);
    expect(refused.stderr).toMatch(/--api-key-stdin/);
    expect(refused.stderr).not.toContain(KEY);
    expect(refused.stdout).toBe('');
    expect(env.requests).toEqual([]);

    const piped = await runCli(
      ['clientIp', 'get', ...profile, '--api-key-stdin'],
      { DATABRIDGE_API_KEY: 'not-this-one' },
      `${KEY}\n`,
    );
    expect(piped.code).toBe(EXIT.ok);
    expect(JSON.parse(piped.stdout)).toMatchObject({ isAllowed: true });
    expect(env.requests).toEqual([expect.stringMatching(/^GET \S*\/v1\/MyIp 200/)]);
  });
});
