import type { InstanceMonitorState, MonitorInstanceRef } from '../../../../shared/model/monitor';
import type { ServedHealth } from '../../../../shared/model/monitor-serve';

/** How many intervals a sample stays fresh: one late or failed read is not yet stale. */
export const FRESH_INTERVALS = 3;

/** The age of an instance's last good sample at `now`, ms; undefined before the first. */
export function sampleAgeMs(state: InstanceMonitorState, now: number): number | undefined {
  return state.latest === undefined ? undefined : Math.max(0, now - state.latest.at);
}

/**
 * The monitor's health at `now`: fresh while every watched instance's last good sample is
 * younger than `staleAfterMs`. One instance that cannot be read makes it stale on purpose: the
 * numbers a team reads for that instance are old, and the answer names it.
 */
export function servedHealth(
  watched: readonly InstanceMonitorState[],
  now: number,
  staleAfterMs: number,
): ServedHealth {
  const stale: MonitorInstanceRef[] = [];
  for (const state of watched) {
    const age = sampleAgeMs(state, now);
    if (age === undefined || age > staleAfterMs) {
      stale.push({ profileId: state.profileId, instanceName: state.instanceName });
    }
  }
  const sampled = watched.some((state) => state.latest !== undefined);
  const status = watched.length === 0 || !sampled ? 'starting' : stale.length ? 'stale' : 'ok';
  return {
    status,
    generatedAt: now,
    staleAfterSeconds: staleAfterMs / 1000,
    instances: watched.length,
    stale,
  };
}
