/** The alert the emulator's blocking chains raise. */
export const BLOCKING: string;
/** The alert whose firing holds back a monitor's instance alerts. */
export const MONITOR_DOWN: string;
/** An alert as Alertmanager's /api/v2/alerts lists it. */
export interface ListedAlert {
  labels: Record<string, string>;
  receivers?: { name: string }[];
  status?: { state: string; inhibitedBy?: string[]; silencedBy?: string[] };
}
/** The first alert with all of `labels`. */
export function findAlert(
  alerts: ListedAlert[],
  labels: Record<string, string>,
): ListedAlert | undefined;
/** Polls `probe` until it answers something; throws naming `what` after `timeoutMs`. */
export function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  options: { what: string; timeoutMs: number; everyMs?: number; onWait?: () => unknown },
): Promise<T>;
/**
 * Waits for the blocking alert in Alertmanager at `url`, routed to `receiver`; checks that a
 * DatabridgeMonitorDown of its job inhibits that job's instance alerts and not another's.
 */
export function checkAlertmanager(options: {
  url: string;
  receiver: string;
  timeoutMs: number;
  everyMs?: number;
  inhibitTimeoutMs?: number;
  onWait?: () => unknown;
}): Promise<ListedAlert>;
/** Waits for Grafana's provisioned dashboard, then checks its data source's health. */
export function checkGrafana(options: {
  url: string;
  user: string;
  password: string;
  dashboardUid: string;
  datasourceUid: string;
  timeoutMs: number;
}): Promise<void>;
/** Prints one line on Prometheus's targets and alerts. */
export function prometheusProgress(url: string): Promise<void>;
