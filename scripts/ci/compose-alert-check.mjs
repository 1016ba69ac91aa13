#!/usr/bin/env node
// The compose stack of deploy/compose, run on a real Docker engine (the real-OS workflow):
// the monitor watches the emulator's demo, whose blocking chains must reach Alertmanager as
// DatabridgeBlockingTooLong, routed to the team's receiver; then a DatabridgeMonitorDown of
// that monitor must hold back its instance alerts (the inhibit rule) and not another
// monitor's. The monitor's container must report itself healthy (the image's
// HEALTHCHECK), its root must be read-only and its state folder writable, Grafana must show the
// provisioned dashboard over a healthy Prometheus data source, and promtool and amtool check
// the configurations where they are mounted.
//
//   node scripts/ci/compose-alert-check.mjs [--timeout SECONDS] [--receiver NAME] [--keep]
//
// It makes deploy/compose/secrets/monitor-token when there is none, starts the stack with
// compose.emulator.yml on top, prints the services' logs when a check fails, and takes the
// stack down again (volumes too) unless --keep.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { output, run, runCheck } from './ci-helpers.mjs';
import {
  checkAlertmanager,
  checkGrafana,
  prometheusProgress,
  waitFor,
} from './compose-stack-checks.mjs';

const COMPOSE_DIR = 'deploy/compose';
/** The stack, with the emulator on top; compose reads paths inside them from their folder. */
export const COMPOSE_FILES = [`${COMPOSE_DIR}/compose.yml`, `${COMPOSE_DIR}/compose.emulator.yml`];
const ALERTMANAGER = 'http://127.0.0.1:9093';
const PROMETHEUS = 'http://127.0.0.1:9090';
const GRAFANA = 'http://127.0.0.1:3000';

/** Reads `[--timeout SECONDS] [--receiver NAME] [--keep]`. */
export function parseArguments(argv) {
  const value = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const seconds = Number(value('--timeout') ?? 600);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(
      'usage: compose-alert-check.mjs [--timeout SECONDS] [--receiver NAME] [--keep]',
    );
  }
  return {
    timeoutMs: seconds * 1000,
    receiver: value('--receiver') ?? 'databridge-team',
    keep: argv.includes('--keep'),
  };
}

/** The uids compose provisions Grafana with: the dashboard's, and the data source's. */
export function grafanaUids() {
  const dashboard = JSON.parse(readFileSync('deploy/grafana/databridge-monitor.json', 'utf8'));
  const sources = parse(readFileSync(`${COMPOSE_DIR}/grafana/datasources.yml`, 'utf8'));
  return { dashboardUid: dashboard.uid, datasourceUid: sources.datasources[0].uid };
}

/**
 * Commands run inside the services: promtool and amtool on the files where they are mounted,
 * and, as the monitor's user, that its root is read-only and its state folder is not.
 */
const IN_SERVICE_CHECKS = [
  ['prometheus', 'promtool', 'check', 'config', '/etc/prometheus/prometheus.yml'],
  ['alertmanager', 'amtool', 'check-config', '/etc/alertmanager/alertmanager.yml'],
  [
    'monitor',
    '/nodejs/bin/node',
    '-e',
    [
      "const fs = require('node:fs');",
      "try { fs.writeFileSync('/app/probe', ''); process.exit(2); } catch (e) { if (e.code !== 'EROFS') throw e; }",
      'fs.accessSync(process.env.STATE_DIRECTORY, fs.constants.W_OK);',
    ].join(' '),
  ],
];

const composeArgs = (...args) => ['compose', ...COMPOSE_FILES.flatMap((f) => ['-f', f]), ...args];

function compose(...args) {
  run('docker', composeArgs(...args));
}

/** The token file compose.yml hands out, made (owner only) when there is none. */
function ensureToken() {
  const folder = join(COMPOSE_DIR, 'secrets');
  const file = join(folder, 'monitor-token');
  if (existsSync(file)) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
}

/** The health the monitor's container reports (its image's HEALTHCHECK). */
function monitorHealth() {
  const id = output('docker', composeArgs('ps', '-q', 'monitor')).trim();
  if (!id) return 'no container';
  return output('docker', ['inspect', '--format', '{{.State.Health.Status}}', id]).trim();
}

async function check(options) {
  ensureToken();
  compose('up', '--detach');
  let lastProgress = 0;
  const onWait = async () => {
    if (Date.now() - lastProgress < 30_000) return;
    lastProgress = Date.now();
    await prometheusProgress(PROMETHEUS);
  };
  await checkAlertmanager({ url: ALERTMANAGER, ...options, onWait });
  await waitFor(() => (monitorHealth() === 'healthy' ? true : undefined), {
    what: 'the monitor container to report healthy',
    timeoutMs: 120_000,
  });
  console.log('compose-alert-check: the monitor container is healthy');
  // The admin password as compose.yml gives it to Grafana.
  await checkGrafana({
    url: GRAFANA,
    user: 'admin',
    password: process.env.GRAFANA_ADMIN_PASSWORD || 'admin',
    ...grafanaUids(),
    timeoutMs: 120_000,
  });
  for (const [service, ...command] of IN_SERVICE_CHECKS) compose('exec', '-T', service, ...command);
}

/** Runs the check, prints the logs when it fails, and takes the stack down unless kept. */
export async function main(options) {
  await runCheck('compose-alert-check', async () => {
    try {
      await check(options);
    } catch (error) {
      spawnSync('docker', composeArgs('ps', '--all'), { stdio: 'inherit' });
      spawnSync('docker', composeArgs('logs', '--no-color', '--tail', '200'), { stdio: 'inherit' });
      throw error;
    } finally {
      if (!options.keep) {
        spawnSync('docker', composeArgs('down', '--volumes'), { stdio: 'inherit' });
      }
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(parseArguments(process.argv.slice(2)));
}
