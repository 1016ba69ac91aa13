import { MONITOR_SAMPLE_PEAKS, type MonitorSample } from '../../../shared/model/monitor';

/** The most points a history answer carries: more than a chart has pixels across. */
export const MAX_CHART_POINTS = 2000;

/** Merges `sample` into `merged`: each count the larger, failed jobs summed, the later time. */
function mergeInto(merged: MonitorSample, sample: MonitorSample): void {
  for (const field of MONITOR_SAMPLE_PEAKS) merged[field] = Math.max(merged[field], sample[field]);
  merged.jobsFailed += sample.jobsFailed;
  merged.at = Math.max(merged.at, sample.at);
}

/**
 * Adds a sample to a series of time buckets of `widthMs` (oldest first): merged into the last
 * bucket when it falls in the same one (as {@link downsample} merges), else a new bucket. The
 * monitor keeps a day this way in memory, so a 24-hour chart never waits on the disk.
 */
export function addToBuckets(
  buckets: MonitorSample[],
  sample: MonitorSample,
  widthMs: number,
): void {
  const last = buckets[buckets.length - 1];
  if (last && Math.floor(last.at / widthMs) === Math.floor(sample.at / widthMs)) {
    mergeInto(last, sample);
  } else if (!last || sample.at > last.at) {
    buckets.push({ ...sample });
  }
}

/**
 * Thins a history to at most `maxPoints` samples for a chart: consecutive samples are merged
 * into buckets, each value the bucket's maximum (a monitor must not hide a peak: a chain that
 * blocked for one sample still shows) and failed jobs summed, stamped with the bucket's last
 * time. A day at 5 s (17,280 samples) becomes 2,000 points of 43 s; shorter ranges pass
 * through unchanged. The history on disk keeps every sample.
 */
export function downsample(
  samples: readonly MonitorSample[],
  maxPoints = MAX_CHART_POINTS,
): MonitorSample[] {
  if (samples.length <= maxPoints) return [...samples];
  const size = Math.ceil(samples.length / maxPoints);
  const thinned: MonitorSample[] = [];
  for (let start = 0; start < samples.length; start += size) {
    const bucket = samples.slice(start, start + size);
    const last = bucket[bucket.length - 1] as MonitorSample;
    const merged: MonitorSample = { ...last, jobsFailed: 0 };
    for (const sample of bucket) mergeInto(merged, sample);
    thinned.push(merged);
  }
  return thinned;
}
