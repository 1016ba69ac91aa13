import { mib, verdict } from './monitor-bench-clock';
import type { ServeFigures } from './monitor-serve-bench';

/* Prints the serve part of the monitor bench and answers whether its targets were met. */

const TARGETS = { requestRatio: 1.05, rssGrowth: 1.05, scrapeP99Ms: 50, afterBurst: 1.1 } as const;

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
  const team = steady.map((m) => m.teamApp);
  const teamService = team.map((t) => t.serviceReads + t.instanceLists + t.otherService);
  // What the emulator served beyond the three counted clients: a request of the app's that
  // bypassed its counting dispatcher would show here.
  const unexplained = steady.map(
    (m, i) => m.served - m.serve - m.selfPoller - (teamService[i] ?? 0),
  );
  const selfPerMinute = mean(steady.map((m) => m.selfPoller));
  const total = figures.teamAppTotal;
  // The team-reading app must have got the demo's blocking chains, not silently nothing.
  const teamOk = total.serviceReads === 0 && total.blockedSamples > 0;
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
  const heapMiB = (pick: (m: (typeof minutes)[number]) => number) =>
    minutes.map((m) => (pick(m) / 2 ** 20).toFixed(1)).join(' ');
  console.log(`    V8 heap reserved by minute (MiB): ${heapMiB((m) => m.heapTotal)}`);
  console.log(`      of which the young generation: ${heapMiB((m) => m.newSpace)}`);
  console.log(`      and the old generation: ${heapMiB((m) => m.oldSpace)}`);
  console.log(`    external memory (Buffers) by minute (MiB): ${heapMiB((m) => m.external)}`);
  const floors = minutes.map((m) => m.heapFloor ?? NaN);
  if (!floors.some(Number.isNaN)) {
    // Not a target: what of the RSS is heap the process keeps, as against heap V8 reserved.
    console.log(
      `    heap in use, its lowest each minute (MiB): ${floors.map((f) => (f / 2 ** 20).toFixed(1)).join(' ')}` +
        ` = ${((floors.at(-1) ?? NaN) / (floors[0] ?? NaN)).toFixed(3)} x minute 1`,
    );
  }
  console.log(
    `  scrape of /metrics: p99 ${p99Ms.toFixed(1)} ms, median ${(percentile(figures.scrapeSeconds, 50) * 1000).toFixed(1)} ms over ${figures.scrapeSeconds.length} scrapes (${figures.scrapeSource}) (target < ${TARGETS.scrapeP99Ms} ms): ${verdict(p99Ms < TARGETS.scrapeP99Ms)}`,
  );
  console.log(
    `  the app reading this team monitor (its MonitorService, ${params.profiles} profiles with the team monitor's URL and token): session/job reads of the service ${total.serviceReads} in the whole run (target 0): ${verdict(total.serviceReads === 0)}; ${mean(teamService).toFixed(1)} requests a minute to the service = ${(mean(teamService) / selfPerMinute).toFixed(3)} x the self-polling app's; instance lists ${total.instanceLists} and sign-in/other ${total.otherService} in the whole run (the list is read again every 5 minutes); the emulator served ${mean(unexplained).toFixed(1)} requests a minute none of the three counted`,
  );
  console.log(
    `    its reads of the team monitor: ${mean(team.map((t) => t.teamReads)).toFixed(1)} a minute (median ${percentile(figures.teamReadMs, 50).toFixed(1)} ms, p99 ${percentile(figures.teamReadMs, 99).toFixed(1)} ms); samples it got ${total.samples}, of which ${total.blockedSamples} carried a blocking chain (blocked > 0): ${verdict(total.blockedSamples > 0)}`,
  );
  console.log(
    `    by minute, session/job reads of the service: ${minutes.map((m) => m.teamApp.serviceReads).join(' ')}; team monitor reads: ${minutes.map((m) => m.teamApp.teamReads).join(' ')}`,
  );
  console.log(
    `  an app polling the service itself: ${selfPerMinute.toFixed(1)} requests a minute to the service (${(selfPerMinute / perMinute).toFixed(3)} x the limit): every such app adds the whole budget again`,
  );
  const afterBurst = printBurst(figures);
  return (
    afterBurst <= TARGETS.afterBurst &&
    ratio <= TARGETS.requestRatio &&
    growth <= TARGETS.rssGrowth &&
    p99Ms < TARGETS.scrapeP99Ms &&
    teamOk
  );
}

/** Prints the burst phase; answers the RSS after settling as a ratio of the RSS before. */
function printBurst(figures: ServeFigures): number {
  const { sent, rssBefore, rssPeak, rssAfter, heapBefore, heapAfter } = figures.burst;
  const after = rssAfter / rssBefore;
  console.log(
    `  a burst: ${sent.scrapes} requests at once, half without the token (${sent.answered} scrapes answered, ${sent.refused} refused 401, ${sent.dropped} dropped by the connection cap), then ${sent.halfOpen} connections holding half a request for 5 s`,
  );
  console.log(
    `    RSS before ${mib(rssBefore)}, at the burst's end ${mib(rssPeak)}, after ${figures.params.settleSeconds} s of ordinary work ${mib(rssAfter)} = ${after.toFixed(3)} x before (target <= ${TARGETS.afterBurst}): ${verdict(after <= TARGETS.afterBurst)}`,
  );
  console.log(
    `    of which V8's heap reserved: ${mib(heapBefore)} before, ${mib(heapAfter)} after (the rest is native memory: sockets, TLS, the allocator's arenas)`,
  );
  return after;
}
