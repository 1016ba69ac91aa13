#!/usr/bin/env node
// The compose stack of deploy/compose, run on a real Docker engine (the real-OS workflow):
// the monitor watches the emulator's demo, whose blocking chains must reach Alertmanager as
// DatabridgeBlockingTooLong, routed to the team's receiver; then a DatabridgeMonitorDown of
// that monitor must hold back its instance alerts (the inhibit rule) and not another
// monitor's. The monitor's container must report itself healthy (the image's
// HEALTHCHECK), its root must be read-only and its state folder writable, and promtool and
// amtool check the configurations where they are mounted.
//
//   node scripts/ci/compose-alert-check.mjs [--timeout SECONDS] [--receiver NAME] [--keep]
//
// It makes deploy/compose/secrets/monitor-token when there is none, starts the stack with
// compose.emulator.yml on top, prints the services' logs when a check fails, and takes the
// stack down again (volumes too) unless --keep.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { output, run, runCheck } from './ci-helpers.mjs';

const COMPOSE_DIR = 'deploy/compose';
/** The stack, with the emulator on top; compose reads paths inside them from their folder. */
export const COMPOSE_FILES = [`${COMPOSE_DIR}/compose.yml`, `${COMPOSE_DIR}/compose.emulator.yml`];
const ALERTMANAGER = 'http://127.0.0.1:9093';
const PROMETHEUS = 'http://127.0.0.1:9090';
/** The alert the demo's chains raise (sql-eu-prod-01 and sql-eu-dev-01 from the start). */
export const BLOCKING = 'DatabridgeBlockingTooLong';
/** The alert whose firing holds back a monitor's instance alerts. */
export const MONITOR_DOWN = 'DatabridgeMonitorDown';

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

/** The first alert of `alerts` (Alertmanager's /api/v2/alerts) with all of `labels`. */
export function findAlert(alerts, labels) {
  return alerts.find((alert) =>
    Object.entries(labels).every(([name, value]) => alert.labels?.[name] === value),
  );
}

/**
 * Calls `probe` every `everyMs` until it answers something other than undefined, and answers
 * that; throws naming `what` after `timeoutMs`. `onWait` hears each miss (for progress lines).
 */
export async function waitFor(probe, { what, timeoutMs, everyMs = 5_000, onWait }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    }
    await onWait?.();
    await delay(everyMs);
  }
}

const TIMEOUTS = { headersTimeout: 10_000, bodyTimeout: 10_000 };

async function getJson(url) {
  const { statusCode, body } = await request(url, TIMEOUTS);
  if (statusCode !== 200) {
    await body.dump();
    throw new Error(`GET ${url}: HTTP ${statusCode}`);
  }
  return body.json();
}

/** Alertmanager's alerts, or an empty list while it does not answer yet. */
async function alertsOf(url) {
  try {
    return await getJson(`${url}/api/v2/alerts`);
  } catch {
    return [];
  }
}

async function postAlerts(url, alerts) {
  const { statusCode, body } = await request(`${url}/api/v2/alerts`, {
    ...TIMEOUTS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(alerts),
  });
  await body.dump();
  if (statusCode !== 200) throw new Error(`POST ${url}/api/v2/alerts: HTTP ${statusCode}`);
}

/** An alert as Prometheus sends one, ending in ten minutes. */
function posted(labels) {
  const now = Date.now();
  return {
    labels,
    annotations: { summary: 'posted by scripts/ci/compose-alert-check.mjs' },
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + 600_000).toISOString(),
  };
}

/**
 * Against Alertmanager at `url`: waits until the demo's blocking alert is there and routed to
 * `receiver`; then, with the labels Prometheus gave it, posts a DatabridgeMonitorDown of its
 * monitor (its `job`) and two instance alerts, one of that monitor and one of another, and
 * checks that only the first is held back. (Posted ones, as the real alert may end meanwhile:
 * the emulator's chains clear now and then.) Answers the blocking alert as first seen.
 */
export async function checkAlertmanager({
  url,
  receiver,
  timeoutMs,
  everyMs,
  inhibitTimeoutMs = 60_000,
  onWait,
}) {
  const alert = await waitFor(async () => findAlert(await alertsOf(url), { alertname: BLOCKING }), {
    what: `${BLOCKING} in Alertmanager`,
    timeoutMs,
    everyMs,
    onWait,
  });
  console.log(`compose-alert-check: Alertmanager has ${BLOCKING}`, alert.labels);
  const receivers = (alert.receivers ?? []).map((r) => r.name);
  if (!receivers.includes(receiver)) {
    throw new Error(
      `${BLOCKING} goes to ${receivers.join(', ') || 'no receiver'}, not ${receiver}`,
    );
  }
  const job = alert.labels.job;
  if (!job) throw new Error(`${BLOCKING} has no job label, which the inhibition needs`);
  const same = { ...alert.labels, instance: 'sql-posted-by-check' };
  const other = { ...same, job: `${job}-other` };
  await postAlerts(url, [
    posted({ alertname: MONITOR_DOWN, job, instance: 'monitor:9420', severity: 'critical' }),
    posted(same),
    posted(other),
  ]);
  await waitFor(
    async () =>
      findAlert(await alertsOf(url), same)?.status?.inhibitedBy?.length ? true : undefined,
    {
      what: `${MONITOR_DOWN} (job ${job}) to inhibit ${BLOCKING}`,
      timeoutMs: inhibitTimeoutMs,
      everyMs: Math.min(everyMs ?? 2_000, 2_000),
    },
  );
  const otherStatus = findAlert(await alertsOf(url), other)?.status;
  if (!otherStatus) throw new Error(`the ${BLOCKING} posted for job ${other.job} is gone`);
  if (otherStatus.inhibitedBy?.length) {
    throw new Error(`${MONITOR_DOWN} of job ${job} also inhibits job ${other.job}'s alerts`);
  }
  console.log(
    `compose-alert-check: ${MONITOR_DOWN} of job ${job} inhibits its instance alerts only`,
  );
  return alert;
}

/** One line on what Prometheus sees, printed while waiting. */
async function prometheusProgress() {
  try {
    const targets = await getJson(`${PROMETHEUS}/api/v1/targets`);
    const alerts = await getJson(`${PROMETHEUS}/api/v1/alerts`);
    const health = targets.data.activeTargets.map((t) => `${t.labels.job} ${t.health}`);
    const states = alerts.data.alerts.map(
      (a) => `${a.labels.alertname}${a.labels.instance ? `{${a.labels.instance}}` : ''} ${a.state}`,
    );
    console.log(`  prometheus: targets [${health.join(', ')}], alerts [${states.join(', ')}]`);
  } catch (error) {
    console.log(`  prometheus: not answering yet (${error.message})`);
  }
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
    await prometheusProgress();
  };
  await checkAlertmanager({ url: ALERTMANAGER, ...options, onWait });
  await waitFor(() => (monitorHealth() === 'healthy' ? true : undefined), {
    what: 'the monitor container to report healthy',
    timeoutMs: 120_000,
  });
  console.log('compose-alert-check: the monitor container is healthy');
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
