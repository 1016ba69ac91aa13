/** What a runner's report says: counts and the failed tests, each on one line. */
export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}
/** A file and the milliseconds it took. */
export interface FileTime {
  file: string;
  ms: number;
}
/** Counts of a vitest JSON report, or null without one. */
export function vitestCounts(report: unknown): SuiteCounts | null;
/** Each file of a vitest JSON report with its wall time, slowest first. */
export function vitestFileTimes(report: unknown): FileTime[];
/** Counts of a Playwright JSON report, or null without one. */
export function playwrightCounts(report: unknown): SuiteCounts | null;
/** Each spec file of a Playwright JSON report with the time its tests took, slowest first. */
export function playwrightFileTimes(report: unknown): FileTime[];
/** A skipped test and the reason it gave, or null when it gave none. */
export interface SkippedTest {
  file: string;
  test: string;
  reason: string | null;
}
/** Each skipped test of a Playwright JSON report with the reason it gave. */
export function playwrightSkips(report: unknown): SkippedTest[];
