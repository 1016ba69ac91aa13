import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/main/cli/cli-exit-codes';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { runCli } from '../../support/cli/run-cli';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * The built command with a saved connection (--profile) acts only where that connection
 * points: a --base-url or --region beside it is refused. The emulator records every request
 * it serves; a refused run must leave it none.
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
});
