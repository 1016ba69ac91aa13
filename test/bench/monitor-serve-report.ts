import { mib, verdict } from './monitor-bench-clock';
import type { ServeFigures } from './monitor-serve-bench';

/* Prints the serve part of the monitor bench and answers whether its targets were met. */

const TARGETS = { requestRatio: 1.05, rssGrowth: 1.05, scrapeP99Ms: 50 } as const;

const mean = (values: readonly number[]): number =>
  values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Prints the figures; true when every target was met. */
export function printServe(figures: ServeFigures): boolean {
  const { params, minutes } = figures;
  const perMinute = figures.instances * (params.minuteSeconds / params.intervalSeconds);
  // From minute 2: the first also signs in and lists each instance's jobs once.
  const steady = minutes.length > 1 ? minutes.slice(1) : minutes;
  const ratio = mean(steady.map((m) => m.serve)) / perMinute;
  const readsRatio = Math.max(...steady.map((m) => m.serveSessionReads)) / perMinute;
  const growth = (minutes.at(-1)?.rss ?? NaN) / (minutes[0]?.rss ?? NaN);
  const p99Ms = percentile(figures.scrapeSeconds, 99) * 1000;
  const teamAdded = steady.map((m) => m.served - m.serve - m.selfPoller);
  console.log(
    `monitor serve (its own process): ${figures.instances} instances (${params.profiles} profiles x 10), interval ${params.intervalSeconds} s, ${minutes.length} minutes of ${params.minuteSeconds} s`,
  );
  console.log(
    `  requests to the service per minute from minute 2: mean ${mean(steady.map((m) => m.serve)).toFixed(1)} of a limit of ${perMinute} (one per instance per interval) = ${ratio.toFixed(3)} x (target <= ${TARGETS.requestRatio}): ${verdict(ratio <= TARGETS.requestRatio)}; session reads, busiest minute = ${readsRatio.toFixed(3)} x`,
  );
  console.log(`    by minute: ${minutes.map((m) => m.serve).join(' ')}`);
  console.log(
    `  RSS of the serve process: minute 1 ${mib(minutes[0]?.rss ?? NaN)}, end ${mib(minutes.at(-1)?.rss ?? NaN)} = ${growth.toFixed(3)} x (target <= ${TARGETS.rssGrowth}): ${verdict(growth <= TARGETS.rssGrowth)}`,
  );
  console.log(`    by minute (MiB): ${minutes.map((m) => (m.rss / 2 ** 20).toFixed(0)).join(' ')}`);
  console.log(
    `  scrape of /metrics: p99 ${p99Ms.toFixed(1)} ms, median ${(percentile(figures.scrapeSeconds, 50) * 1000).toFixed(1)} ms over ${figures.scrapeSeconds.length} scrapes (${figures.scrapeSource}) (target < ${TARGETS.scrapeP99Ms} ms): ${verdict(p99Ms < TARGETS.scrapeP99Ms)}`,
  );
  console.log(
    `  an app reading the team endpoint: ${mean(steady.map((m) => m.teamReads)).toFixed(1)} reads of /api/v1/instances a minute (median ${percentile(figures.teamReadMs, 50).toFixed(1)} ms, p99 ${percentile(figures.teamReadMs, 99).toFixed(1)} ms), adding ${mean(teamAdded).toFixed(1)} requests a minute to the service`,
  );
  console.log(
    `  an app polling the service itself: ${mean(steady.map((m) => m.selfPoller)).toFixed(1)} requests a minute to the service (${(mean(steady.map((m) => m.selfPoller)) / perMinute).toFixed(3)} x the limit): every such app adds the whole budget again`,
  );
  return (
    ratio <= TARGETS.requestRatio && growth <= TARGETS.rssGrowth && p99Ms < TARGETS.scrapeP99Ms
  );
}
