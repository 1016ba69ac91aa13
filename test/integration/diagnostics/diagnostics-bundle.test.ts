import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultMainLogFile,
  journalFolders,
  profilesFile,
  settingsFile,
} from '../../../src/main/services/config/app-paths';
import { readProfilesFile } from '../../../src/main/services/diagnostics/bundle-contents';
import { DiagnosticsService } from '../../../src/main/services/diagnostics/diagnostics-service';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import { readSettingsInForce } from '../../../src/main/services/settings/settings-in-force';
import {
  expectNoSecrets,
  SEEDED,
  SEEDED_PROFILE_ID,
  SEEDED_PROXY,
  seedDataFolder,
  startSelfSignedHost,
  unzipText,
  type SelfSignedHost,
} from '../../support/diagnostics-seed';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { hasOpenssl } from '../../support/self-signed';

/*
 * The bundle made in this process against the emulator (http) and a self-signed host
 * (https), with secrets in the keychain (memory), the log, a journal and the proxy URL.
 */

const opensslMissing = !hasOpenssl();
if (opensslMissing) {
  console.log('diagnostics-bundle: skipped, openssl is not installed (needed for the TLS host)');
}

let emulator: RecordingEmulator;
let tlsHost: SelfSignedHost;
let dir: string;
let dataDir: string;

beforeAll(async () => {
  if (opensslMissing) return;
  dir = await mkdtemp(join(tmpdir(), 'diagnostics-'));
  dataDir = join(dir, 'data');
  emulator = await startRecordingEmulator();
  tlsHost = await startSelfSignedHost(dir);
  await seedDataFolder(dataDir, emulator.emulator.baseUrl);
});

afterAll(async () => {
  if (opensslMissing) return;
  await emulator.close();
  await tlsHost.close();
  await rm(dir, { recursive: true, force: true });
});

async function makeService(): Promise<DiagnosticsService> {
  const vault = new SecretVault({ store: new MemorySecretStore() });
  const origin = new URL(emulator.emulator.baseUrl).origin;
  await vault.setProfileSecret(SEEDED_PROFILE_ID, { apiKey: SEEDED.apiKey }, origin);
  await vault.setTeamMonitorToken(SEEDED_PROFILE_ID, SEEDED.token, 'https://monitor.example');
  return new DiagnosticsService({
    versions: { appVersion: '9.9.9', electronVersion: '39.0.0' },
    settingsInForce: () => readSettingsInForce(settingsFile(dataDir)),
    profiles: () => readProfilesFile(profilesFile(dataDir)),
    vault,
    keychainBackend: 'memory (test)',
    log: { file: defaultMainLogFile(dataDir, 'linux') },
    journalFolders: journalFolders(dataDir),
    network: {
      proxySource: 'settings',
      env: {
        HTTPS_PROXY: SEEDED_PROXY,
        HTTP_PROXY: SEEDED_PROXY,
        NO_PROXY: '127.0.0.1',
        NODE_EXTRA_CA_CERTS: tlsHost.certFile,
      },
    },
    serviceUrls: [tlsHost.url],
    stepTimeoutMs: 10_000,
  });
}

describe.skipIf(opensslMissing)('DiagnosticsService', () => {
  it('writes every entry, redacted, with what support needs', async () => {
    const file = join(dir, 'bundle.zip');
    const summary = await (await makeService()).write({ file });
    expect(summary).toMatchObject({ file, profiles: 1, journals: 1, keychainAvailable: true });
    expect(summary.hostsChecked).toBe(2);
    expect(summary.hostsAnswering).toBe(2);

    const entries = unzipText(new Uint8Array(await readFile(file)));
    const manifest = JSON.parse(entries['manifest.json'] ?? '{}') as { files: object };
    expect(Object.keys(entries).sort()).toEqual(Object.keys(manifest.files).sort());
    expectNoSecrets(entries);

    const versions = JSON.parse(entries['versions.json'] ?? '{}') as Record<string, unknown>;
    expect(versions).toMatchObject({
      app: '9.9.9',
      electron: '39.0.0',
      node: process.versions.node,
    });
    const settings = JSON.parse(entries['settings.json'] ?? '{}') as {
      settings: { key: string; value: unknown; source: string }[];
    };
    expect(settings.settings).toContainEqual({ key: 'theme', value: 'dark', source: 'user' });
    expect(settings.settings).toContainEqual({ key: 'clock', value: '24h', source: 'builtIn' });
    const profiles = JSON.parse(entries['profiles.json'] ?? '{}') as {
      profiles: { id: string; storedSecrets: string[] }[];
    };
    expect(profiles.profiles[0]).toMatchObject({
      id: SEEDED_PROFILE_ID,
      storedSecrets: ['apiKey', 'teamMonitorToken'],
    });
    const transfers = JSON.parse(entries['transfers.json'] ?? '{}') as Record<string, unknown>;
    expect(transfers['app']).toMatchObject({ count: 1, byStatus: { failed: 1 }, damaged: 0 });
    expect(entries['transfers.json']).toContain('"doneBytes": 400');
    const log = JSON.parse(entries['log.json'] ?? '{}') as { lines: unknown[] };
    expect(log.lines).toHaveLength(6);
  });

  it('describes the route and checks each host: DNS, TCP, TLS with its certificate, a request', async () => {
    const file = join(dir, 'checks.zip');
    await (await makeService()).write({ file });
    const entries = unzipText(new Uint8Array(await readFile(file)));
    const network = JSON.parse(entries['network.json'] ?? '{}') as {
      routes: { url: string; route: string; answer: string }[];
      proxy: { source: string; noProxy: string };
      certificates: { extraFile: { certificates: number } };
    };
    // NO_PROXY sends the emulator direct, as the dispatcher's own resolver answers.
    expect(network.routes).toContainEqual({
      url: emulator.emulator.baseUrl,
      route: 'direct',
      answer: 'DIRECT',
    });
    expect(network.proxy).toMatchObject({ source: 'environment', noProxy: '127.0.0.1' });
    expect(network.certificates.extraFile.certificates).toBe(1);
    expect(entries['network.json']).toContain('http://[redacted]@127.0.0.1:9/');

    const { hosts } = JSON.parse(entries['connectivity.json'] ?? '{}') as {
      hosts: {
        url: string;
        dns: { ok: boolean };
        tcp: { ok: boolean };
        tls?: { detail: unknown };
        request: { detail: unknown };
      }[];
    };
    const tls = hosts.find((host) => host.url === tlsHost.url);
    expect(tls?.tls?.detail).toMatchObject({
      trusted: true,
      subject: '127.0.0.1',
      issuer: '127.0.0.1',
    });
    expect(tls?.request.detail).toEqual({ status: 401 });
    const plain = hosts.find((host) => host.url === emulator.emulator.baseUrl);
    expect(plain).toMatchObject({ dns: { ok: true }, tcp: { ok: true } });
    expect(plain?.tls).toBeUndefined();
    // The request went without credentials: the emulator answered it, and saw no key.
    expect(emulator.count(/^GET \/databridge /)).toBeGreaterThan(0);
  });

  it('refuses to replace an existing file unless forced, and leaves it as it was', async () => {
    const file = join(dir, 'twice.zip');
    const service = await makeService();
    await service.write({ file });
    const before = await readFile(file);
    await expect(service.write({ file })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('a file of that name exists') as unknown,
    });
    expect(await readFile(file)).toEqual(before);
    await expect(service.write({ file, force: true })).resolves.toMatchObject({ file });
  });
});
