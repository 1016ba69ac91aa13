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
/** The uids compose provisions Grafana with: the dashboard's and the data source's. */
export function grafanaUids(): { dashboardUid: string; datasourceUid: string };
/** Runs the whole check against the compose stack; sets the exit code. */
export function main(options: ComposeCheckOptions): Promise<void>;
