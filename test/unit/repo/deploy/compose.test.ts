import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEMO_API_KEYS } from '../../../../src/emulator/auth';
import { readServeConfig } from '../../../../src/main/cli/monitor-serve/serve-config-file';
import {
  argAfter,
  instructionsOf,
  mountHolding,
  readAlertRules,
  readCompose,
  readContainerfile,
  runNode,
  type ComposeService,
} from '../../../support/deploy-files';
import { startScriptedServer } from '../../../support/scripted-server';
import { missingTool, runTool } from '../../../support/system-tools';

/*
 * The compose stack (deploy/compose), held file against file because no engine runs it here
 * (the real-OS workflow does, with scripts/ci/compose-alert-check.mjs): the monitor read-only
 * with its token from a compose secret, Prometheus scraping it with the same token and loading
 * the alert rules of deploy/prometheus as they are, Alertmanager's route and inhibition naming
 * the alerts those rules raise with labels they carry, Grafana provisioned with the dashboard
 * of deploy/grafana, and the emulator on top for the demo. promtool checks Prometheus's file
 * with every path it names mapped to the file compose mounts there.
 */

const DIR = resolve('deploy/compose');
const stack = readCompose(join(DIR, 'compose.yml'));
const demo = readCompose(join(DIR, 'compose.emulator.yml'));
const rules = readAlertRules();
const noPromtool = missingTool('promtool', ['--version'], 'Debian: prometheus');
const temp = mkdtempSync(join(tmpdir(), 'databridge-compose-'));

afterAll(() => rmSync(temp, { recursive: true, force: true }));

function service(name: string, file = stack): ComposeService {
  const found = file.services[name];
  expect(found, `a service ${name}`).toBeDefined();
  return found as ComposeService;
}

/** The host file compose mounts at `containerPath` in `name`; fails when none is. */
function hostFile(name: string, containerPath: string): string {
  const held = mountHolding(service(name), DIR, containerPath);
  expect(held?.mount.hostPath, `${name} mounts a file at ${containerPath}`).toBeDefined();
  return `${held?.mount.hostPath ?? ''}${held?.rest ?? ''}`;
}

/** The named volume holding `containerPath` in `name`, and the path inside it. */
function volumePath(name: string, containerPath: string): string {
  const held = mountHolding(service(name), DIR, containerPath);
  expect(held?.mount.hostPath, `${containerPath} of ${name} is in a volume`).toBeUndefined();
  return `${held?.mount.source ?? '?'}:${held?.rest ?? ''}`;
}

const prometheusConfig = () =>
  parseYaml(readFileSync(hostFile('prometheus', '/etc/prometheus/prometheus.yml'), 'utf8')) as {
    rule_files: string[];
    alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
    scrape_configs: {
      job_name: string;
      honor_labels?: boolean;
      authorization?: { type: string; credentials_file: string };
      static_configs: { targets: string[] }[];
    }[];
  };

interface Matchers {
  source_matchers: string[];
  target_matchers: string[];
  equal: string[];
}
interface Route {
  receiver: string;
  matchers?: string[];
  routes?: Route[];
}
const alertmanagerConfig = () =>
  parseYaml(
    readFileSync(hostFile('alertmanager', '/etc/alertmanager/alertmanager.yml'), 'utf8'),
  ) as {
    route: Route;
    receivers: { name: string; webhook_configs?: { url: string }[] }[];
    inhibit_rules: Matchers[];
  };

/** The alert names a list of `alertname="…"` / `alertname=~"…"` matchers selects. */
function alertsMatching(matchers: string[]): string[] {
  return rules
    .map((rule) => rule.alert)
    .filter((name) =>
      matchers.every((matcher) => {
        const match = /^alertname\s*(=~|=)\s*"(.*)"$/.exec(matcher);
        expect(match, `a matcher on alertname: ${matcher}`).not.toBeNull();
        const [, op, value = ''] = match ?? [];
        return op === '=' ? name === value : new RegExp(`^(?:${value})$`).test(name);
      }),
    );
}

describe('the compose stack (deploy/compose)', () => {
  it('runs the image of deploy/container read-only, as its own user, with nothing it may not need', () => {
    const monitor = service('monitor');
    expect(monitor.read_only).toBe(true);
    expect(monitor.cap_drop).toEqual(['ALL']);
    expect(resolve(DIR, monitor.build?.context ?? '')).toBe(process.cwd());
    expect(monitor.build?.dockerfile).toBe('deploy/container/Containerfile');
    // No `user:`: the image's own (its USER), which token-init gives the token to.
    expect(monitor.user).toBeUndefined();
    // The state folder (the history) is a volume: the only place it writes.
    const final = readContainerfile().at(-1);
    const state = final?.instructions.find((i) => i.args.includes('STATE_DIRECTORY='));
    const folder = /STATE_DIRECTORY=(\S+)/.exec(state?.args ?? '')?.[1] ?? '';
    expect(volumePath('monitor', folder)).toBe('monitor-state:');
  });

  it('hands the token of a compose secret to the monitor and to Prometheus, each its own copy', () => {
    expect(stack.secrets?.['monitor-token']?.file).toBe('./secrets/monitor-token');
    const init = service('token-init');
    expect(init.secrets).toEqual(['monitor-token']);
    expect(init.image).toBe(service('monitor').image);
    const script = init.command?.join('\n') ?? '';
    expect(script).toContain("readFileSync('/run/secrets/monitor-token')");
    expect(script).toContain('mode: 0o400');
    // Compose would fill in a ${…} from the environment, as in the rest of the file.
    expect(script).not.toContain('$');
    // Each copy goes to the user that reads it: the image's USER and Prometheus's `user:`.
    const imageUser = instructionsOf(readContainerfile().at(-1)!, 'USER')[0]?.args ?? '';
    expect(init.environment?.['MONITOR_UID']).toBe(imageUser.split(':')[0]);
    expect(init.environment?.['PROMETHEUS_UID']).toBe(service('prometheus').user?.split(':')[0]);
    const written = (name: string) => {
      expect(script).toContain(`['${name}', process.env.`);
      return volumePath('token-init', `/tokens/${name}`);
    };
    for (const name of ['monitor', 'prometheus']) {
      const after = service(name).depends_on?.['token-init']?.condition;
      expect(after, name).toBe('service_completed_successfully');
    }
    const tokenFile = argAfter(service('monitor').command ?? [], '--token-file') ?? '';
    expect(volumePath('monitor', tokenFile)).toBe(written('monitor'));
    const [scrape] = prometheusConfig().scrape_configs;
    expect(scrape?.authorization?.type).toBe('Bearer');
    expect(volumePath('prometheus', scrape?.authorization?.credentials_file ?? '')).toBe(
      written('prometheus'),
    );
  });

  it('has Prometheus scrape the monitor where it listens, keeping its labels, as the job the rules ask for', () => {
    const [scrape, ...more] = prometheusConfig().scrape_configs;
    expect(more).toEqual([]);
    const listen = argAfter(service('monitor').command ?? [], '--listen') ?? '';
    expect(scrape?.static_configs[0]?.targets).toEqual([`monitor:${listen.split(':')[1]}`]);
    expect(scrape?.honor_labels).toBe(true);
    const down = rules.find((rule) => rule.alert === 'DatabridgeMonitorDown');
    expect(down?.expr).toContain(`up{job="${scrape?.job_name}"}`);
    const [alertmanager] = prometheusConfig().alerting.alertmanagers;
    const [host] = alertmanager?.static_configs[0]?.targets[0]?.split(':') ?? [];
    expect(service(host ?? '')).toBeDefined();
  });

  it('loads the alert rules of deploy/prometheus as they are', () => {
    const files = prometheusConfig().rule_files;
    expect(files).toHaveLength(1);
    expect(hostFile('prometheus', files[0] ?? '')).toBe(
      resolve('deploy/prometheus/databridge-alerts.yml'),
    );
  });

  it('has a Prometheus configuration that promtool checks with the files compose mounts', (context) => {
    if (noPromtool) context.skip(noPromtool);
    const config = readFileSync(hostFile('prometheus', '/etc/prometheus/prometheus.yml'), 'utf8');
    const token = join(temp, 'token');
    writeFileSync(token, 'a-token-of-sixteen-or-more', { mode: 0o600 });
    const mapped = config
      .replace(
        /^(\s+- )(\/\S+)$/gm,
        (_, lead: string, path: string) => lead + hostFile('prometheus', path),
      )
      .replace(/(credentials_file: )(\S+)/, `$1${token}`);
    expect(mapped).not.toBe(config);
    const copy = join(temp, 'prometheus.yml');
    writeFileSync(copy, mapped);
    const checked = runTool('promtool', ['check', 'config', copy]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it("routes every DataBridge alert to the team's receiver", () => {
    const config = alertmanagerConfig();
    const names = config.receivers.map((receiver) => receiver.name);
    expect(names).toContain(config.route.receiver);
    const route = config.route.routes?.find((r) => r.receiver === 'databridge-team');
    expect(route, 'a route to databridge-team').toBeDefined();
    expect(names).toContain(route?.receiver);
    expect(alertsMatching(route?.matchers ?? [])).toEqual(rules.map((rule) => rule.alert));
    const team = config.receivers.find((receiver) => receiver.name === route?.receiver);
    expect(team?.webhook_configs?.[0]?.url).toMatch(/^https?:\/\//);
  });

  it("inhibits the instance alerts while their own monitor is down, by labels the rules' alerts carry", () => {
    const [inhibit, ...more] = alertmanagerConfig().inhibit_rules;
    expect(more).toEqual([]);
    const sources = alertsMatching(inhibit?.source_matchers ?? []);
    expect(sources).toEqual(['DatabridgeMonitorDown']);
    // The instance alerts: those whose alerts carry the SQL Server instance's label.
    const instanceAlerts = rules
      .filter((rule) => /\bby\s*\([^)]*\binstance\b/.test(rule.expr))
      .map((rule) => rule.alert);
    expect(instanceAlerts.length).toBeGreaterThanOrEqual(4);
    expect(alertsMatching(inhibit?.target_matchers ?? [])).toEqual(instanceAlerts);
    // `equal` names labels both sides carry (a label missing on one side never matches), and
    // not `instance`, which is the monitor's address on one side and SQL Server's on the other.
    expect(inhibit?.equal).toEqual(['job']);
    for (const rule of rules.filter((r) => [...sources, ...instanceAlerts].includes(r.alert))) {
      for (const label of inhibit?.equal ?? []) expect(rule.carries, rule.alert).toContain(label);
    }
  });

  it('provisions Grafana with Prometheus and the dashboard of deploy/grafana', () => {
    const datasources = parseYaml(
      readFileSync(
        hostFile('grafana', '/etc/grafana/provisioning/datasources/databridge.yml'),
        'utf8',
      ),
    ) as { datasources: { type: string; url: string; isDefault: boolean }[] };
    const [prometheus] = datasources.datasources;
    expect(prometheus?.type).toBe('prometheus');
    expect(prometheus?.isDefault).toBe(true);
    expect(new URL(prometheus?.url ?? '').host).toBe('prometheus:9090');
    expect(service('prometheus')).toBeDefined();
    const dashboards = parseYaml(
      readFileSync(
        hostFile('grafana', '/etc/grafana/provisioning/dashboards/databridge.yml'),
        'utf8',
      ),
    ) as { providers: { type: string; options: { path: string } }[] };
    const [provider] = dashboards.providers;
    expect(provider?.type).toBe('file');
    const dashboard = hostFile('grafana', `${provider?.options.path}/databridge-monitor.json`);
    expect(dashboard).toBe(resolve('deploy/grafana/databridge-monitor.json'));
    expect(JSON.parse(readFileSync(dashboard, 'utf8'))).toMatchObject({
      uid: 'databridge-monitor',
    });
  });

  it('gives the monitor a configuration it reads, with its API key from the environment compose sets', async () => {
    const file = hostFile('monitor', argAfter(service('monitor').command ?? [], '--config') ?? '');
    const config = await readServeConfig(file);
    const variable = config.connections[0]?.apiKeyEnv ?? '';
    expect(service('monitor').environment).toHaveProperty(variable);
  });

  it('runs the emulator on top, from the build stage, and points the monitor at it with the demo key', async () => {
    const emulator = service('emulator', demo);
    expect(emulator.build?.target).toBe('build');
    expect(readContainerfile().map((stage) => stage.name)).toContain('build');
    expect(emulator.entrypoint?.slice(-1)).toEqual(['src/emulator/cli.ts']);
    expect(existsSync('src/emulator/cli.ts')).toBe(true);
    expect(existsSync(emulator.entrypoint?.[1] ?? '')).toBe(true);
    const port = argAfter(emulator.command ?? [], '--port');
    expect(argAfter(emulator.command ?? [], '--host')).toBe('0.0.0.0');
    const override = service('monitor', demo);
    const [mount] = override.volumes ?? [];
    const [source, target] = mount?.split(':') ?? [];
    expect(target).toBe(argAfter(service('monitor').command ?? [], '--config'));
    const config = await readServeConfig(resolve(DIR, source ?? ''));
    const [connection] = config.connections;
    expect(new URL(connection?.baseUrl ?? '').host).toBe(`emulator:${port}`);
    const key = override.environment?.[connection?.apiKeyEnv ?? ''] ?? '';
    expect(Object.keys(DEMO_API_KEYS)).toContain(key);
  });

  it('starts the monitor once the emulator answers, whatever it answers', async () => {
    expect(service('monitor', demo).depends_on?.['emulator']?.condition).toBe('service_healthy');
    const emulator = service('emulator', demo);
    const [kind, node, ...args] = emulator.healthcheck?.test ?? [];
    expect([kind, node]).toEqual(['CMD', 'node']);
    const origin = `http://127.0.0.1:${argAfter(emulator.command ?? [], '--port')}`;
    const server = await startScriptedServer((_req, res) => res.writeHead(404).end());
    const toServer = args.map((arg) => arg.replace(origin, server.origin));
    expect(toServer).not.toEqual(args);
    try {
      expect(await runNode(toServer)).toBe(0);
    } finally {
      await server.close();
    }
    expect(await runNode(toServer)).toBe(1);
  });

  it('keeps the token out of git', () => {
    expect(readFileSync(join(DIR, 'secrets', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(basename(stack.secrets?.['monitor-token']?.file ?? '')).toBe('monitor-token');
  });
});
