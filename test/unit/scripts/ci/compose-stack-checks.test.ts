import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BLOCKING,
  MONITOR_DOWN,
  checkAlertmanager,
  checkGrafana,
  findAlert,
  waitFor,
  type ListedAlert,
} from '../../../../scripts/ci/compose-stack-checks.mjs';
import {
  sendJson,
  startScriptedServer,
  type ScriptedServer,
} from '../../../support/scripted-server';

/*
 * The checks the real-OS workflow makes against the compose stack's services, against
 * stand-ins here: the Alertmanager check waits for the blocking alert, checks its receiver, and
 * fails when the inhibition holds back nothing or another monitor's alerts too, or when the
 * alert never comes; the Grafana check fails without the dashboard or a healthy data source.
 */

const servers: ScriptedServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  vi.restoreAllMocks();
});

/** The alert Prometheus sends for the demo's chain. */
const FIRING = {
  alertname: BLOCKING,
  job: 'databridge-monitor',
  profile: 'emulator',
  instance: 'sql-eu-prod-01',
  region: 'custom',
  severity: 'warning',
};

interface Stand {
  /** The GET of /api/v2/alerts from which the firing alert is listed. */
  listedFrom: number;
  receiver: string;
  /** How a DatabridgeMonitorDown inhibits: by job, every instance alert, or none. */
  inhibits: 'by job' | 'all' | 'none';
}

/** A stand-in Alertmanager: lists what it got, with receivers and inhibition as `stand` says. */
async function standInAlertmanager(stand: Stand) {
  const alerts: { labels: Record<string, string> }[] = [];
  let gets = 0;
  const server = await startScriptedServer((req, res, index) => {
    if (req.method === 'POST') {
      alerts.push(...(JSON.parse(server.seen[index]?.body ?? '[]') as typeof alerts));
      sendJson(res, 200, {});
      return;
    }
    gets += 1;
    const listed = gets >= stand.listedFrom ? [{ labels: FIRING }, ...alerts] : alerts;
    const sources = listed.filter((a) => a.labels['alertname'] === MONITOR_DOWN);
    sendJson(
      res,
      200,
      listed.map((alert) => {
        const by = sources.filter(
          (source) =>
            alert.labels['alertname'] !== MONITOR_DOWN &&
            (stand.inhibits === 'all' ||
              (stand.inhibits === 'by job' && source.labels['job'] === alert.labels['job'])),
        );
        return {
          labels: alert.labels,
          receivers: [{ name: stand.receiver }],
          status: {
            state: by.length ? 'suppressed' : 'active',
            inhibitedBy: by.map(() => 'fingerprint'),
            silencedBy: [],
          },
        };
      }),
    );
  });
  servers.push(server);
  return server;
}

const quick = { receiver: 'databridge-team', timeoutMs: 2_000, everyMs: 20, inhibitTimeoutMs: 300 };

const GRAFANA = {
  user: 'admin',
  password: 'secret',
  dashboardUid: 'databridge-monitor',
  datasourceUid: 'prometheus',
  timeoutMs: 2_000,
};

/** A stand-in Grafana: the dashboard from its `dashboardFrom`th request, the health asked for. */
async function grafana(stand: { dashboardFrom: number; health: 'OK' | 'ERROR' }) {
  const server = await startScriptedServer((req, res, index) => {
    if (req.url?.endsWith('/health')) {
      sendJson(res, stand.health === 'OK' ? 200 : 400, { status: stand.health });
    } else if (index + 1 >= stand.dashboardFrom) {
      sendJson(res, 200, { dashboard: { title: 'DataBridge monitor' } });
    } else sendJson(res, 404, { message: 'Dashboard not found' });
  });
  servers.push(server);
  return server;
}

describe('the compose stack checks', () => {
  it('finds an alert by every label asked for', () => {
    const alerts: ListedAlert[] = [
      { labels: { alertname: BLOCKING, instance: 'a' } },
      { labels: { alertname: BLOCKING, instance: 'b' } },
    ];
    expect(findAlert(alerts, { alertname: BLOCKING })?.labels['instance']).toBe('a');
    expect(findAlert(alerts, { alertname: BLOCKING, instance: 'b' })).toBe(alerts[1]);
    expect(findAlert(alerts, { alertname: MONITOR_DOWN })).toBeUndefined();
  });

  it('waits for the alert, then sees a MonitorDown of its job hold back that job alone', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await standInAlertmanager({
      listedFrom: 3,
      receiver: 'databridge-team',
      inhibits: 'by job',
    });
    const alert = await checkAlertmanager({ url: server.origin, ...quick });
    expect(alert.labels).toEqual(FIRING);
    const posted = server.seen.filter((request) => request.method === 'POST');
    expect(posted).toHaveLength(1);
    const labels = (
      JSON.parse(posted[0]?.body ?? '[]') as { labels: Record<string, string> }[]
    ).map((a) => a.labels);
    expect(labels.map((l) => [l['alertname'], l['job']])).toEqual([
      [MONITOR_DOWN, FIRING.job],
      [BLOCKING, FIRING.job],
      [BLOCKING, `${FIRING.job}-other`],
    ]);
    expect(server.seen.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(3);
  });

  it('fails when the alert goes to another receiver', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await standInAlertmanager({
      listedFrom: 1,
      receiver: 'default',
      inhibits: 'by job',
    });
    await expect(checkAlertmanager({ url: server.origin, ...quick })).rejects.toThrow(
      `${BLOCKING} goes to default, not databridge-team`,
    );
  });

  it("fails when the monitor's down holds back another monitor's alerts too", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await standInAlertmanager({
      listedFrom: 1,
      receiver: 'databridge-team',
      inhibits: 'all',
    });
    await expect(checkAlertmanager({ url: server.origin, ...quick })).rejects.toThrow(
      /also inhibits job databridge-monitor-other/,
    );
  });

  it('fails when nothing is held back', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await standInAlertmanager({
      listedFrom: 1,
      receiver: 'databridge-team',
      inhibits: 'none',
    });
    await expect(checkAlertmanager({ url: server.origin, ...quick })).rejects.toThrow(
      `waiting for ${MONITOR_DOWN} (job databridge-monitor) to inhibit ${BLOCKING}`,
    );
  });

  it('fails naming the alert when it never reaches Alertmanager', async () => {
    const server = await standInAlertmanager({
      listedFrom: 1e9,
      receiver: 'databridge-team',
      inhibits: 'by job',
    });
    await expect(
      checkAlertmanager({ url: server.origin, ...quick, timeoutMs: 200 }),
    ).rejects.toThrow(`waiting for ${BLOCKING} in Alertmanager`);
  });

  it('passes Grafana with the dashboard and a healthy data source, asking as its admin', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const server = await grafana({ dashboardFrom: 2, health: 'OK' });
    await checkGrafana({ url: server.origin, ...GRAFANA });
    expect(server.seen.map((r) => r.url)).toEqual([
      '/api/dashboards/uid/databridge-monitor',
      '/api/dashboards/uid/databridge-monitor',
      '/api/datasources/uid/prometheus/health',
    ]);
    expect(server.seen[0]?.authorization).toBe(`Basic ${btoa('admin:secret')}`);
  });

  it('fails Grafana without the dashboard, or with a data source that cannot reach Prometheus', async () => {
    const missing = await grafana({ dashboardFrom: 1e9, health: 'OK' });
    await expect(checkGrafana({ url: missing.origin, ...GRAFANA, timeoutMs: 100 })).rejects.toThrow(
      "waiting for Grafana's dashboard databridge-monitor",
    );
    const unhealthy = await grafana({ dashboardFrom: 1, health: 'ERROR' });
    await expect(checkGrafana({ url: unhealthy.origin, ...GRAFANA })).rejects.toThrow(
      "Grafana's data source prometheus is not healthy",
    );
  });

  it('waits with a deadline, telling of each miss', async () => {
    const onWait = vi.fn();
    let calls = 0;
    const found = await waitFor(() => (++calls === 3 ? 'there' : undefined), {
      what: 'the third call',
      timeoutMs: 1_000,
      everyMs: 1,
      onWait,
    });
    expect(found).toBe('there');
    expect(onWait).toHaveBeenCalledTimes(2);
    await expect(
      waitFor(() => undefined, { what: 'nothing', timeoutMs: 30, everyMs: 5 }),
    ).rejects.toThrow('timed out after 0 s waiting for nothing');
  });
});
