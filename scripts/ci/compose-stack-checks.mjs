// The checks the real-OS workflow makes against the services of the compose stack over their
// HTTP APIs (scripts/ci/compose-alert-check.mjs starts the stack and calls them): Alertmanager
// has the blocking alert, routed and inhibited as its configuration says; Grafana shows the
// provisioned dashboard over a healthy data source; and, while waiting, what Prometheus sees.
import { Buffer } from 'node:buffer';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';

/** The alert the demo's chains raise (sql-eu-prod-01 and sql-eu-dev-01 from the start). */
export const BLOCKING = 'DatabridgeBlockingTooLong';
/** The alert whose firing holds back a monitor's instance alerts. */
export const MONITOR_DOWN = 'DatabridgeMonitorDown';

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

async function getJson(url, headers = {}) {
  const { statusCode, body } = await request(url, { ...TIMEOUTS, headers });
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

/**
 * Against Grafana at `url` (basic auth `user`, `password`): waits until the provisioned
 * dashboard `dashboardUid` is there, then asks the data source `datasourceUid` for its health,
 * which queries Prometheus through it.
 */
export async function checkGrafana({
  url,
  user,
  password,
  dashboardUid,
  datasourceUid,
  timeoutMs,
}) {
  const auth = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  const answer = (path) => getJson(`${url}${path}`, auth).catch(() => undefined);
  const found = await waitFor(() => answer(`/api/dashboards/uid/${dashboardUid}`), {
    what: `Grafana's dashboard ${dashboardUid}`,
    timeoutMs,
    everyMs: 2_000,
  });
  const health = await answer(`/api/datasources/uid/${datasourceUid}/health`);
  if (health?.status !== 'OK') {
    throw new Error(
      `Grafana's data source ${datasourceUid} is not healthy: ${JSON.stringify(health)}`,
    );
  }
  console.log(
    `compose-alert-check: Grafana shows "${found.dashboard?.title}" over ${datasourceUid}`,
  );
}

/** One line on what Prometheus sees, printed while waiting. */
export async function prometheusProgress(url) {
  try {
    const targets = await getJson(`${url}/api/v1/targets`);
    const alerts = await getJson(`${url}/api/v1/alerts`);
    const health = targets.data.activeTargets.map((t) => `${t.labels.job} ${t.health}`);
    const states = alerts.data.alerts.map(
      (a) => `${a.labels.alertname}${a.labels.instance ? `{${a.labels.instance}}` : ''} ${a.state}`,
    );
    console.log(`  prometheus: targets [${health.join(', ')}], alerts [${states.join(', ')}]`);
  } catch (error) {
    console.log(`  prometheus: not answering yet (${error.message})`);
  }
}
