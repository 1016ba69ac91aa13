/** What is wrong with the suite's Playwright stats; empty when all ran and passed. */
export function smokeProblems(
  stats: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } | undefined,
): string[];
