import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli/run-cli';
import {
  expectNoSecrets,
  SEEDED,
  SEEDED_PROXY,
  seedDataFolder,
  startSelfSignedHost,
  unzipText,
  type SelfSignedHost,
} from '../../support/diagnostics-seed';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { hasOpenssl } from '../../support/self-signed';

/*
 * `databridge diagnostics` as a user runs it (the built command), against the emulator and a
 * self-signed host, with the API key and password in its environment, a proxy with a password,
 * and secrets in the data folder's log and journal.
 */

const opensslMissing = !hasOpenssl();
if (opensslMissing) {
  console.log('cli-diagnostics: skipped, openssl is not installed (needed for the TLS host)');
}

let emulator: RecordingEmulator;
let tlsHost: SelfSignedHost;
let dir: string;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  if (opensslMissing) return;
  dir = await mkdtemp(join(tmpdir(), 'cli-diagnostics-'));
  dataDir = join(dir, 'data');
  emulator = await startRecordingEmulator();
  tlsHost = await startSelfSignedHost(dir);
  await seedDataFolder(dataDir, emulator.emulator.baseUrl);
  env = {
    DATABRIDGE_API_KEY: SEEDED.apiKey,
    DATABRIDGE_PASSWORD: SEEDED.password,
    HTTPS_PROXY: SEEDED_PROXY,
    NO_PROXY: '127.0.0.1',
    NODE_EXTRA_CA_CERTS: tlsHost.certFile,
  };
});

afterAll(async () => {
  if (opensslMissing) return;
  await emulator.close();
  await tlsHost.close();
  await rm(dir, { recursive: true, force: true });
});

function args(out: string, ...more: string[]): string[] {
  return ['diagnostics', '--out', out, '--data-dir', dataDir, '--check', tlsHost.url, ...more];
}

describe.skipIf(opensslMissing)('databridge diagnostics', () => {
  it('writes the bundle, says where and what, and no secret is in it', async () => {
    const out = join(dir, 'support.zip');
    const run = await runCli(args(out), env);
    expect(run.stderr).not.toMatch(/^error/m);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote ${out}\n`);
    expect(run.stdout).toMatch(
      /1 connection\(s\), 1 transfer journal\(s\), keychain .*, 2 of 2 service host\(s\) answering\./,
    );

    const entries = unzipText(new Uint8Array(await readFile(out)));
    expect(Object.keys(entries).sort()).toEqual([
      'README.txt',
      'connectivity.json',
      'keychain.json',
      'log.json',
      'manifest.json',
      'network.json',
      'profiles.json',
      'settings.json',
      'transfers.json',
      'versions.json',
    ]);
    expectNoSecrets(entries);
    expect(JSON.parse(entries['versions.json'] ?? '{}')).toMatchObject({
      electron: expect.stringMatching(/^not running in Electron/) as unknown,
    });
    expect(entries['connectivity.json']).toContain('"status": 401');
    expect(entries['network.json']).toContain('"source": "environment"');
  });

  it('refuses to replace a file without --force (exit code 1), and replaces it with it', async () => {
    const out = join(dir, 'again.zip');
    expect((await runCli(args(out), env)).code).toBe(0);
    const refused = await runCli(args(out), env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error CONFLICT: Could not save the diagnostics to .*a file of that name exists/m,
    );
    expect((await runCli(args(out, '--force'), env)).code).toBe(0);
  });

  it('refuses a command line without --out or with a bad value (exit code 2)', async () => {
    const missing = await runCli(['diagnostics', '--data-dir', dataDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--out FILE is required');
    const bad = await runCli(['diagnostics', '--out', join(dir, 'x.zip'), '--lines', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lines must be at least 1');
  });
});
