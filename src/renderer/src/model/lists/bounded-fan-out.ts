/**
 * Runs `run` on every item with at most `limit` calls in flight, in the order of `items`, and
 * answers how each went (in that order). It never rejects: one failing item is one rejected
 * result, and the others still run — a view that reads many instances shows what it could.
 * The limit keeps a dozen instances from firing a dozen requests at the service at once.
 */
export async function settleBounded<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as T;
      try {
        results[index] = { status: 'fulfilled', value: await run(item) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  }
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
