/** What a poll of an instance changed, for the next delay. */
export type PollChange = 'status' | 'progress' | 'none';

/** Bounds of the polling delay. */
export interface PollDelayBounds {
  /** After a status change (a job started, moved on, or ended). */
  readonly minMs: number;
  /** While nothing changes, or the service does not answer. */
  readonly maxMs: number;
  /** While only progress moves: slow enough not to poll a two-hour import every second. */
  readonly progressCapMs: number;
  readonly growth: number;
}

/**
 * The delay before the next poll of an instance: back to the minimum after a status change,
 * growing (up to `progressCapMs`) while only progress moves, and growing to the maximum while
 * nothing changes; never shorter than a Retry-After the service asked for (within the maximum).
 */
export function nextDelay(
  current: number,
  change: PollChange,
  bounds: PollDelayBounds,
  retryAfterMs?: number,
): { delay: number; wait: number } {
  const grown = current * bounds.growth;
  let delay: number;
  if (change === 'status') delay = bounds.minMs;
  else if (change === 'progress')
    delay = Math.min(Math.max(grown, bounds.minMs), Math.max(bounds.progressCapMs, bounds.minMs));
  else delay = Math.min(bounds.maxMs, grown);
  return { delay, wait: Math.max(delay, Math.min(retryAfterMs ?? 0, bounds.maxMs)) };
}
