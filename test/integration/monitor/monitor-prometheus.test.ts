import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedactingLogger } from '../../../src/main/services/log/logger';
import { parseServeArgs, type ServeSettings } from '../../../src/main/cli/monitor-serve/serve-args';
import { startServe } from '../../../src/main/cli/monitor-serve/serve-monitor';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { startPrometheus } from '../../support/prometheus-server';
import { missingTool } from '../../support/system-tools';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * A real Prometheus (the system's binary) scrapes `databridge monitor serve` every second
 * with a token: its query API answers the demo chain's blocked sessions on sql-eu-prod-01,
 * and the blocking rule of deploy/prometheus (its `for:` shortened) fires.
 */

const noPrometheus = missingTool('prometheus', ['--version'], 'Debian: prometheus');
const TOKEN = 'prometheus-test-token-0123456789';

let emulator: RecordingEmulator;
let dir: string;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  emulator = await startRecordingEmulator();
  dir = await mkdtemp(join(tmpdir(), 'databridge-prometheus-'));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface VectorSample {
  metric: Record<string, string>;
  value: [number, string];
}
interface Alert {
  labels: Record<string, string>;
  state: string;
}

describe('databridge monitor serve under a real Prometheus', () => {
  it('is scraped, queried for the demo chain, and fires the blocking alert', async (context) => {
    if (noPrometheus) context.skip(noPrometheus);
    const env = { DATABRIDGE_API_KEY: 'demo-admin-key', SERVE_TOKEN: TOKEN };
    const args = [
      'monitor',
      'serve',
      '--base-url',
      emulator.emulator.baseUrl,
      '--listen',
      '127.0.0.1:0',
    ];
    const settings = (await parseServeArgs(
      [
        ...args,
        '--interval',
        '1',
        '--token-env',
        'SERVE_TOKEN',
        '--history-dir',
        join(dir, 'history'),
      ],
      env,
    )) as ServeSettings;
    const serve = await startServe(settings, {
      env,
      logger: new RedactingLogger({ sink: () => undefined }),
      secretStore: () => new MemorySecretStore(),
    });
    closers.push(() => serve.close());
    const prometheus = await startPrometheus({
      dir,
      target: new URL(serve.url).host,
      scrapeSeconds: 1,
      ruleFor: '1s',
      token: TOKEN,
    });
    closers.push(() => prometheus.stop());

    const query = encodeURIComponent('databridge_sessions_blocked{instance="sql-eu-prod-01"}');
    const blocked = await until(
      async () => {
        const data = await prometheus.api<{ result: VectorSample[] }>(`query?query=${query}`);
        return data.result[0];
      },
      'the blocked sessions in Prometheus',
      25_000,
    );
    expect(blocked.value[1]).toBe('2');
    expect(blocked.metric).toMatchObject({
      job: 'databridge-monitor',
      profile: 'default',
      region: 'custom',
    });

    const firing = await until(
      async () => {
        const data = await prometheus.api<{ alerts: Alert[] }>('alerts');
        return data.alerts.find(
          (a) =>
            a.labels['alertname'] === 'DatabridgeBlockingTooLong' &&
            a.labels['instance'] === 'sql-eu-prod-01' &&
            a.state === 'firing',
        );
      },
      'the blocking alert to fire',
      25_000,
    );
    expect(firing.labels).toMatchObject({ instance: 'sql-eu-prod-01', severity: 'warning' });
    const targets = await prometheus.api<{ activeTargets: { health: string }[] }>('targets');
    expect(targets.activeTargets.map((t) => t.health)).toEqual(['up']);
  }, 60_000);
});
