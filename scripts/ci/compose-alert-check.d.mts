/** The alert the emulator's blocking chains raise. */
export const BLOCKING: string;
/** The alert whose firing holds back a monitor's instance alerts. */
export const MONITOR_DOWN: string;
/** The compose files of the stack, the emulator's on top. */
export const COMPOSE_FILES: readonly string[];
/** What the check is asked to do. */
export interface ComposeCheckOptions {
  timeoutMs: number;
  receiver: string;
  keep: boolean;
}
/** Reads `[--timeout SECONDS] [--receiver NAME] [--keep]`. */
export function parseArguments(argv: string[]): ComposeCheckOptions;
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
/** Runs the whole check against the compose stack; sets the exit code. */
export function main(options: ComposeCheckOptions): Promise<void>;
