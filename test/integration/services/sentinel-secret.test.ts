import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../../src/main/services/connection/connection-manager';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { JobWatcher } from '../../../src/main/services/jobs/job-watcher';
import { RedactingLogger, fileSink, type LogEntry } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { runCli } from '../../support/cli/run-cli';

/*
 * Secrets never reach a file or a log line: seed unique sentinel secrets, drive the services
 * through successes and failures (wrong key, wrong password, a token refresh, a request with
 * a password in its body, the CLI with --verbose), then search every log line, every error
 * message, the CLI's output and every file written under the data folder.
 */

const SENTINEL_KEY = `sentinel-key-${randomUUID()}`;
const SENTINEL_PASSWORD = `sentinel-pw-${randomUUID()}`;
const SENTINELS = [SENTINEL_KEY, SENTINEL_PASSWORD];

let env: RecordingEmulator;
let dataDir: string;
const lines: LogEntry[] = [];
const messages: string[] = [];
const outputs: string[] = [];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function expectFailure(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  messages.push((error as Error).message, JSON.stringify(error));
}

beforeAll(async () => {
  env = await startRecordingEmulator();
  dataDir = await mkdtemp(join(tmpdir(), 'sentinel-'));
});
afterAll(async () => {
  await env.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sentinel secrets', () => {
  it('appear in no log line, error, CLI output or file', async () => {
    const sink = fileSink(join(dataDir, 'logs', 'main.log'));
    const logger = new RedactingLogger({
      level: 'debug',
      sink: (entry) => {
        lines.push(entry);
        sink(entry);
      },
    });
    const profiles = new ProfileStore({ file: join(dataDir, 'profiles.json'), logger });
    await profiles.load();
    const vault = new SecretVault({ store: new MemorySecretStore(), logger });
    const dispatcher = createDispatcher({ env: {}, logger });
    const manager = new ConnectionManager({
      profiles,
      secrets: vault,
      dispatcher,
      logger,
      retry: { baseDelayMs: 1 },
    });
    const target = { kind: 'custom' as const, baseUrl: env.emulator.baseUrl };
    const keyProfile = await profiles.create({ name: 'key', target, auth: { kind: 'apiKey' } });
    const tokenProfile = await profiles.create({
      name: 'token',
      target,
      auth: { kind: 'token', tenantName: 'demo', userName: 'admin' },
    });

    await expectFailure(
      manager.connect(keyProfile.id, { apiKey: SENTINEL_KEY }, { remember: true }),
    );
    await expectFailure(manager.connect(tokenProfile.id, { password: SENTINEL_PASSWORD }));
    await manager.connect(keyProfile.id, { apiKey: 'demo-admin-key' }, { remember: true });
    await manager.connect(tokenProfile.id, { password: 'demo' });
    const client = manager.get(tokenProfile.id).client;
    env.emulator.faults.expireTokens();
    await client.call('instances.list', {});
    await expectFailure(
      client.call('databases.get', {
        pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'NoSuchDb' },
      }),
    );
    const created = await client.call('logins.create', {
      pathParams: { instanceName: 'sql-eu-prod-01' },
      body: { login: 'sentinel_user', password: SENTINEL_PASSWORD.slice(0, 100), role: 'Consumer' },
    });
    const watcher = new JobWatcher({ clientFor: (id) => manager.get(id).client, logger });
    watcher.start();
    watcher.track({
      profileId: tokenProfile.id,
      instanceName: 'sql-eu-prod-01',
      jobId: created.jobId,
    });
    await watcher.waitFor(created.jobId);
    watcher.dispose();
    await manager.dispose();
    await dispatcher.close();
    await sink.close();

    const cli = await runCli(
      [
        'instances',
        'list',
        '--base-url',
        env.emulator.baseUrl,
        '--api-key',
        SENTINEL_KEY,
        '--verbose',
      ],
      { DATABRIDGE_PASSWORD: SENTINEL_PASSWORD },
    );
    // Exit code 3: the sign-in was refused (see EXIT in output/exit-codes.ts).
    expect(cli.code).toBe(3);
    outputs.push(cli.stdout, cli.stderr);

    // The run did log, fail and write: the search below has something to search.
    expect(lines.length).toBeGreaterThan(5);
    expect(messages.length).toBeGreaterThanOrEqual(6);
    expect(cli.stderr).toMatch(/^error AUTH_REQUIRED/m);
    const files = await filesUnder(dataDir);
    expect(files.map((f) => f.slice(dataDir.length))).toEqual(
      expect.arrayContaining(['/profiles.json', join('/logs', 'main.log')]),
    );
    const haystacks = [
      ...lines.map((line) => JSON.stringify(line)),
      ...messages,
      ...outputs,
      ...(await Promise.all(files.map((file) => readFile(file, 'utf8')))),
    ];
    for (const sentinel of SENTINELS) {
      for (const text of haystacks) expect(text).not.toContain(sentinel);
      for (const text of haystacks) expect(text).not.toContain(sentinel.slice(0, 30));
    }
  });
});
