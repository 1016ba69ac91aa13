import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { readServeConfig } from '../../../src/main/cli/monitor-serve/serve-config-file';
import { ServeMetrics } from '../../../src/main/cli/monitor-serve/serve-metrics';
import { missingTool, runTool } from '../../support/system-tools';

/*
 * The files a team deploys the headless monitor with: the systemd unit passes
 * systemd-analyze, the alert rules pass promtool's checks and their own unit tests, the
 * scrape example is a valid Prometheus configuration, and every databridge_* series the
 * rules and the dashboard read is one the monitor exports.
 */

const DEPLOY = resolve('deploy');
const UNIT = join(DEPLOY, 'systemd', 'databridge-monitor.service');
const RULES = join(DEPLOY, 'prometheus', 'databridge-alerts.yml');
const DASHBOARD = join(DEPLOY, 'grafana', 'databridge-monitor.json');

const noSystemd = missingTool('systemd-analyze', ['--version'], 'Debian: systemd');
const noPromtool = missingTool('promtool', ['--version'], 'Debian: prometheus');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-deploy-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The metric names the monitor's registry exports (read without a scrape). */
function exportedNames(): Set<string> {
  const metrics = new ServeMetrics({
    connections: ['default'],
    watched: () => [],
    regionOf: () => 'EU',
    now: () => 0,
    intervalSeconds: 5,
  });
  return new Set(metrics.registry.getMetricsAsArray().map((metric) => metric.name));
}

/** The databridge_* names an expression reads. */
const namesIn = (expr: string): string[] => expr.match(/databridge_[a-z_]+/g) ?? [];

describe('deploy/', () => {
  it('has a systemd unit that systemd-analyze verifies, hardened', async (context) => {
    if (noSystemd) context.skip(noSystemd);
    // verify checks that ExecStart's program exists: the unit names the installed executable,
    // which this machine does not have, so a copy names the Node running the test instead.
    const copy = join(dir, 'databridge-monitor.service');
    const unit = await readFile(UNIT, 'utf8');
    await writeFile(copy, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    const verified = runTool('systemd-analyze', ['verify', copy]);
    expect(verified.code, verified.stderr).toBe(0);
    const aboutUnit = verified.stderr.split('\n').filter((line) => line.includes(copy));
    expect(aboutUnit, 'no warning about the unit').toEqual([]);
    for (const setting of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'DynamicUser=yes']) {
      expect(unit).toContain(setting);
    }
    expect(unit).toMatch(/^StateDirectory=databridge-monitor$/m);
    expect(unit).toMatch(/^LoadCredential=token:/m);
    // The single executable of `npm run build:server`: no Node on the host.
    expect(unit).toMatch(/^ExecStart=\/usr\/local\/bin\/databridge-monitor monitor serve /m);
    const security = runTool('systemd-analyze', ['security', '--offline=true', copy]);
    const level = /Overall exposure level for \S+: ([\d.]+)/.exec(
      security.stdout + security.stderr,
    );
    if (level) expect(Number(level[1])).toBeLessThanOrEqual(2);
  });

  it('has alert rules that promtool checks and tests', (context) => {
    if (noPromtool) context.skip(noPromtool);
    const checked = runTool('promtool', ['check', 'rules', RULES]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/SUCCESS: 7 rules found/);
    const tested = runTool(
      'promtool',
      ['test', 'rules', 'databridge-alerts.test.yml'],
      join(DEPLOY, 'prometheus'),
    );
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    const config = runTool(
      'promtool',
      ['check', 'config', '--syntax-only', 'scrape-example.yml'],
      join(DEPLOY, 'prometheus'),
    );
    expect(config.code, config.stdout + config.stderr).toBe(0);
  });

  it('has an example configuration that the monitor reads as it is', async () => {
    const config = await readServeConfig(join(DEPLOY, 'systemd', 'config.example.json'));
    expect(config.connections?.map((c) => c.name)).toEqual(['eu-prod', 'us-prod']);
    expect(config.connections?.[0]?.instances).toEqual(['sql-eu-prod-01', 'sql-eu-prod-02']);
  });

  it('reads only series the monitor exports, in the rules and the dashboard', async () => {
    const exported = exportedNames();
    const rules = parseYaml(await readFile(RULES, 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'DatabridgeBlockingTooLong',
        'DatabridgeInstanceUnreachable',
        'DatabridgeJobsFailed',
        'DatabridgeConnectionDown',
        'DatabridgeMonitorDown',
        'DatabridgeMonitorStale',
      ]),
    );
    const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const exprs = [
      ...alerts.map((rule) => rule.expr),
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ];
    const read = new Set(exprs.flatMap(namesIn));
    expect(read.size).toBeGreaterThan(8);
    for (const name of read) expect(exported, name).toContain(name);
    const titles = dashboard.panels.map((panel) => panel.title);
    for (const title of [
      'Sessions',
      'Blocked sessions',
      'Blocking heads',
      'Longest wait',
      'Jobs running',
      'Connections up',
      'Monitor: connections',
    ]) {
      expect(titles).toContain(title);
    }
  });
});
