import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ServedErrorSchema,
  ServedHealthSchema,
  ServedInstancesSchema,
  ServedSessionsSchema,
} from '../../../src/shared/model/monitor-serve';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';
import { parseHistory } from '../../../src/main/services/monitor/history-file';
import { parseServeArgs, type ServeSettings } from '../../../src/main/cli/monitor-serve/serve-args';
import { runMonitorServe } from '../../../src/main/cli/monitor-serve/serve-command';
import { startServe, type RunningServe } from '../../../src/main/cli/monitor-serve/serve-monitor';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { hasOpenssl, makeSelfSigned } from '../../support/self-signed';
import { parsePromText, promValue } from '../../support/prometheus-text';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * `databridge monitor serve` against the emulator over real HTTP: /metrics reports the demo's
 * blocking chain on sql-eu-prod-01 (a head blocking two sessions), the JSON API parses with
 * the shared schemas, /healthz goes stale when the service goes away, a reachable address
 * needs a token or TLS, the token is asked for, and SIGTERM leaves a whole history.
 */

const KEY_ENV = { DATABRIDGE_API_KEY: 'demo-admin-key' };
const TOKEN = 'a-test-bearer-token-of-some-length';
const PROD = { profile: 'default', instance: 'sql-eu-prod-01', region: 'custom' };

let emulator: RecordingEmulator | undefined;
let dir: string;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  emulator = await startRecordingEmulator();
  dir = await mkdtemp(join(tmpdir(), 'databridge-serve-'));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await emulator?.close();
  emulator = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function baseArgs(extra: string[] = []): string[] {
  return [
    'monitor',
    'serve',
    '--base-url',
    emulator?.emulator.baseUrl ?? '',
    '--listen',
    '127.0.0.1:0',
    '--interval',
    '1',
    '--history-dir',
    join(dir, 'history'),
    ...extra,
  ];
}

async function serve(extra: string[] = [], env: Record<string, string> = {}) {
  const logs: LogEntry[] = [];
  const settings = (await parseServeArgs(baseArgs(extra), { ...KEY_ENV, ...env })) as ServeSettings;
  const running: RunningServe = await startServe(settings, {
    env: { ...KEY_ENV, ...env },
    logger: new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'info' }),
    secretStore: () => new MemorySecretStore(),
  });
  closers.push(() => running.close());
  return { running, logs };
}

async function get(url: string, headers: Record<string, string> = {}, dispatcher?: Agent) {
  const answer = await request(url, { headers, ...(dispatcher ? { dispatcher } : {}) });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

describe('databridge monitor serve', () => {
  it('reports the demo chain on /metrics and in the JSON API, from one read per interval', async () => {
    const { running } = await serve();
    const metrics = await until(async () => {
      const samples = parsePromText((await get(`${running.url}/metrics`)).text);
      const sampled = samples.filter((s) => s.name === 'databridge_sessions_blocked');
      return sampled.length === 3 ? samples : undefined;
    }, 'a sample of each instance');
    expect(promValue(metrics, 'databridge_sessions_blocked', PROD)).toBe(2);
    expect(promValue(metrics, 'databridge_blocking_heads', PROD)).toBe(1);
    expect(promValue(metrics, 'databridge_blocking_longest_wait_seconds', PROD)).toBeGreaterThan(
      30,
    );
    expect(promValue(metrics, 'databridge_sessions', PROD)).toBeGreaterThan(10);
    expect(promValue(metrics, 'databridge_instance_up', PROD)).toBe(1);
    expect(promValue(metrics, 'databridge_last_sample_age_seconds', PROD)).toBeLessThan(3);
    expect(promValue(metrics, 'databridge_monitor_interval_seconds')).toBe(1);
    expect(promValue(metrics, 'databridge_connection_up', { profile: 'default' })).toBe(1);
    expect(metrics.filter((s) => s.name === 'databridge_connection_error_info')).toEqual([]);
    expect(
      promValue(metrics, 'databridge_monitor_service_requests_total', {
        profile: 'default',
        operation: 'sessions.list',
      }),
    ).toBeGreaterThan(0);
    expect(promValue(metrics, 'databridge_sessions_blocked', { instance: 'sql-eu-test-01' })).toBe(
      0,
    );

    // Scrapes and reads of the JSON API never reach the service: while 40 of them are
    // answered, the instance is read once per 1 s interval at most, as with no reader.
    const reads = /GET \/databridge\/v1\/sql-instances\/sql-eu-prod-01\/sessions /;
    const before = emulator?.count(reads) ?? 0;
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) await get(`${running.url}/metrics`);
    for (let i = 0; i < 20; i += 1) await get(`${running.url}/api/v1/instances`);
    const intervals = Math.ceil((Date.now() - started) / 1000);
    expect((emulator?.count(reads) ?? 0) - before).toBeLessThanOrEqual(intervals + 1);

    const list = ServedInstancesSchema.parse(
      JSON.parse((await get(`${running.url}/api/v1/instances`)).text),
    );
    const prod = list.watched.find((s) => s.instanceName === 'sql-eu-prod-01');
    expect(prod?.health).toBe('blocking');
    expect(prod?.heads[0]?.blockedCount).toBe(2);
    expect(prod?.region).toBe('custom');
    expect(list.watched).toHaveLength(3);

    const sessions = await get(`${running.url}/api/v1/instances/default/sql-eu-prod-01/sessions`);
    const parsed = ServedSessionsSchema.parse(JSON.parse(sessions.text));
    expect(parsed.sessions.filter((s) => s.blockingSessionId > 0)).toHaveLength(2);

    const missing = await get(`${running.url}/api/v1/instances/default/sql-nowhere/sessions`);
    expect(missing.status).toBe(404);
    expect(ServedErrorSchema.parse(JSON.parse(missing.text)).error.code).toBe('NOT_FOUND');
  });

  it('started with a refused key, reports the connection down with the code, and serves on', async () => {
    // A second connection from a configuration file names the instances it expects.
    const config = join(dir, 'serve.json');
    await writeFile(
      config,
      JSON.stringify({
        connections: [
          {
            name: 'team',
            baseUrl: emulator?.emulator.baseUrl,
            apiKeyEnv: 'TEAM_KEY',
            instances: ['sql-eu-prod-01'],
          },
        ],
      }),
    );
    const refused = 'a-key-the-service-refuses';
    const { running } = await serve(['--config', config], {
      DATABRIDGE_API_KEY: refused,
      TEAM_KEY: refused,
    });
    const metrics = await until(async () => {
      const samples = parsePromText((await get(`${running.url}/metrics`)).text);
      const reasons = samples.filter((s) => s.name === 'databridge_connection_error_info');
      return reasons.length === 2 ? samples : undefined;
    }, 'both connections reported down');
    for (const profile of ['default', 'team']) {
      expect(promValue(metrics, 'databridge_connection_up', { profile })).toBe(0);
      expect(
        promValue(metrics, 'databridge_connection_error_info', { profile, code: 'AUTH_REQUIRED' }),
      ).toBe(1);
    }
    // No instance could be listed: only the one the configuration expects is there, down.
    expect(metrics.filter((s) => s.name === 'databridge_instance_up')).toEqual([
      {
        name: 'databridge_instance_up',
        labels: { profile: 'team', instance: 'sql-eu-prod-01', region: 'custom' },
        value: 0,
      },
    ]);
  });

  it('restarted with a refused key, reports the instances it knew down until they can be listed', async () => {
    const first = await serve();
    await until(async () => {
      const text = await readFile(join(dir, 'history', 'known-instances.json'), 'utf8').catch(
        () => '',
      );
      return text.includes('sql-eu-test-01') ? text : undefined;
    }, 'the known instances written');
    await first.running.close();
    const { running } = await serve([], { DATABRIDGE_API_KEY: 'a-key-the-service-refuses' });
    const metrics = await until(async () => {
      const samples = parsePromText((await get(`${running.url}/metrics`)).text);
      const down = samples.filter((s) => s.name === 'databridge_connection_error_info');
      return down.length === 1 ? samples : undefined;
    }, 'the connection reported down');
    const up = metrics.filter((s) => s.name === 'databridge_instance_up');
    expect(up.map((s) => [s.labels['instance'], s.value]).sort()).toEqual([
      ['sql-eu-dev-01', 0],
      ['sql-eu-prod-01', 0],
      ['sql-eu-test-01', 0],
    ]);
    // What the failing run could not list is not forgotten for the next one.
    await running.close();
    const kept = await readFile(join(dir, 'history', 'known-instances.json'), 'utf8');
    expect(kept).toContain('sql-eu-prod-01');
  });

  it('answers /healthz 200 while samples are fresh and 503 once they are stale', async () => {
    const { running, logs } = await serve();
    const fresh = await until(async () => {
      const answer = await get(`${running.url}/healthz`);
      return answer.status === 200 ? answer : undefined;
    }, 'a fresh health');
    expect(ServedHealthSchema.parse(JSON.parse(fresh.text))).toMatchObject({
      status: 'ok',
      instances: 3,
    });
    await emulator?.close();
    emulator = undefined;
    const stale = await until(async () => {
      const answer = await get(`${running.url}/healthz`);
      return answer.status === 503 ? answer : undefined;
    }, 'a stale health');
    const health = ServedHealthSchema.parse(JSON.parse(stale.text));
    expect(health.status).toBe('stale');
    expect(health.stale.map((ref) => ref.instanceName)).toContain('sql-eu-prod-01');
    // Stale is a sample's age; "up" falls to 0 when a poll has failed, which on a busy machine
    // (the client's retries of a refused connection) can come after the age limit is passed.
    const metrics = await until(async () => {
      const now = parsePromText((await get(`${running.url}/metrics`)).text);
      return promValue(now, 'databridge_instance_up', PROD) === 0 ? now : undefined;
    }, 'databridge_instance_up 0 after a failed poll');
    expect(promValue(metrics, 'databridge_last_sample_age_seconds', PROD)).toBeGreaterThan(3);
    expect(
      metrics.some((s) => s.name === 'databridge_monitor_poll_errors_total' && s.value > 0),
    ).toBe(true);
    expect(
      logs.some(
        (e) => e.message === 'monitor serve: instance health' && e.fields?.['health'] === 'stale',
      ),
    ).toBe(true);
  });

  it('refuses a reachable address without a token or TLS, naming both', async () => {
    const printed: string[] = [];
    const code = await runMonitorServe(
      ['monitor', 'serve', '--base-url', 'http://127.0.0.1:9/databridge', '--listen', '0.0.0.0:0'],
      {
        stdout: (text) => printed.push(text),
        stderr: (text) => printed.push(text),
        env: KEY_ENV,
        secretStore: () => new MemorySecretStore(),
        stop: AbortSignal.abort(),
      },
    );
    expect(code).toBe(2);
    const text = printed.join('');
    expect(text).toMatch(/--token-file FILE or --token-env VAR/);
    expect(text).toMatch(/--tls-cert FILE --tls-key FILE/);
  });

  it('asks for the bearer token on every endpoint but /healthz', async () => {
    const { running } = await serve(['--token-env', 'SERVE_TOKEN', '--listen', '0.0.0.0:0'], {
      SERVE_TOKEN: TOKEN,
    });
    const url = running.url.replace('0.0.0.0', '127.0.0.1');
    for (const path of [
      '/metrics',
      '/api/v1/instances',
      '/api/v1/instances/default/sql-eu-prod-01/sessions',
    ]) {
      const without = await get(url + path);
      expect(without.status, path).toBe(401);
      expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(
        (await get(url + path, { authorization: 'Bearer wrong-token-wrong-token' })).status,
      ).toBe(401);
    }
    await until(
      async () => ((await get(`${url}/healthz`)).status === 200 ? true : undefined),
      'health',
    );
    const withToken = await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('databridge_sessions_blocked');
    const counted = parsePromText(withToken.text);
    expect(
      promValue(counted, 'databridge_monitor_http_requests_total', {
        handler: '/metrics',
        code: '401',
      }),
    ).toBe(2);
  });

  it('serves HTTPS with --tls-cert and --tls-key', async (context) => {
    if (!hasOpenssl())
      context.skip('openssl makes the test certificate, and it is not installed here');
    const cert = makeSelfSigned(dir, 'localhost', 'IP:127.0.0.1');
    const { running } = await serve(['--tls-cert', cert.certFile, '--tls-key', cert.keyFile]);
    expect(running.url).toMatch(/^https:/);
    const agent = new Agent({ connect: { ca: await readFile(cert.certFile, 'utf8') } });
    closers.push(() => agent.close());
    expect((await get(`${running.url}/metrics`, {}, agent)).status).toBe(200);
  });

  /** Starts the command as a person would; answers it with the server's URL and pid. */
  async function spawnServe() {
    const cli = spawnCli(baseArgs(), KEY_ENV);
    closers.push(async () => {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
      await cli.ended;
    });
    const listening = await until(
      () => {
        const line = cli
          .output()
          .stderr.split('\n')
          .find((l) => l.includes('monitor serve: listening'));
        const found = line
          ? (JSON.parse(line) as { fields: { url: string; pid: number } }).fields
          : undefined;
        return Promise.resolve(found);
      },
      'the listening line',
      30_000,
    );
    return { cli, ...listening };
  }

  it('stops on SIGTERM with exit code 0 and leaves a whole history', async () => {
    const history = join(dir, 'history');
    const { cli, url, pid } = await spawnServe();
    // The command started the server again with a small young generation (see
    // serve-relaunch.ts): another process, whose new space stays within two 2 MiB semi-spaces.
    expect(pid).not.toBe(cli.child.pid);
    const scrape = parsePromText((await get(`${url}/metrics`)).text);
    const newSpace = promValue(scrape, 'nodejs_heap_space_size_total_bytes', { space: 'new' });
    expect(newSpace).toBeLessThanOrEqual(4 * 2 ** 20);
    await until(
      async () => ((await get(`${url}/healthz`)).status === 200 ? true : undefined),
      'samples',
    );
    cli.child.kill('SIGTERM');
    const ended = await cli.ended;
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stderr).toContain('monitor serve: stopped');
    const files = (await readdir(history)).filter((name) => name.endsWith('.log'));
    expect(files).toHaveLength(3);
    for (const file of files) {
      const text = await readFile(join(history, file), 'utf8');
      const lines = text.split('\n').filter((line) => line !== '');
      expect(text.endsWith('\n')).toBe(true);
      expect(lines.every((line) => /^[sm](,-?\d+)+$/.test(line))).toBe(true);
      const content = parseHistory(text, { since: 0, until: Date.now() + 60_000 });
      expect(content.samples.length).toBeGreaterThan(0);
    }
  });

  it('the server stops by itself when the command that started it is killed outright', async () => {
    const { cli, pid } = await spawnServe();
    cli.child.kill('SIGKILL');
    await cli.ended;
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // It checks for its parent every 2 s, then closes as on SIGTERM.
    await until(() => Promise.resolve(alive() ? undefined : true), 'the server to stop', 20_000);
  });
});
