// Reading the runners' JSON reports for scripts/run-tests.mjs: how many tests passed, failed
// and were skipped, which failed (with the head of their error), and how long each file took.

/** Terminal colour codes, which Playwright's report keeps in its error messages. */
// eslint-disable-next-line no-control-regex -- the ESC character is what is looked for
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The first lines of an error (its message and the top of its stack), on one line. */
function errorHead(text, count = 4) {
  return String(text ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, count)
    .join(' | ');
}

function vitestFailures(report) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) {
      found.push(`${file.name}: ${errorHead(file.message)}`);
    }
    for (const test of failed) {
      found.push(`${file.name} > ${test.fullName}: ${errorHead(test.failureMessages?.[0])}`);
    }
  }
  return found;
}

/** Counts of a vitest JSON report, or null without one. */
export function vitestCounts(report) {
  if (!report) return null;
  // A file that failed before any test ran (an import error) has no assertions but still
  // failed: count it once.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures: vitestFailures(report),
  };
}

/** Each file of a vitest JSON report with its wall time, slowest first. */
export function vitestFileTimes(report) {
  const cwd = process.cwd();
  return (report?.testResults ?? [])
    .map((file) => ({
      file: String(file.name ?? '').replace(`${cwd}/`, ''),
      ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    }))
    .sort((a, b) => b.ms - a.ms);
}

function* playwrightSpecs(suiteNode) {
  for (const spec of suiteNode.specs ?? []) yield spec;
  for (const child of suiteNode.suites ?? []) yield* playwrightSpecs(child);
}

function playwrightFailures(report) {
  const found = [];
  for (const root of report.suites ?? []) {
    for (const spec of playwrightSpecs(root)) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push(`${spec.file}:${spec.line} > ${spec.title}: ${errorHead(last?.error?.message)}`);
      }
    }
  }
  return found;
}

/** Counts of a Playwright JSON report, or null without one. */
export function playwrightCounts(report) {
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return {
    passed: expected + flaky,
    failed: unexpected,
    skipped,
    failures: playwrightFailures(report),
  };
}

/**
 * Each spec file of a Playwright JSON report with the time its tests took (the sum of their
 * runs: one worker runs a file's tests in order), slowest first.
 */
export function playwrightFileTimes(report) {
  const byFile = new Map();
  for (const root of report?.suites ?? []) {
    for (const spec of playwrightSpecs(root)) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
        }
      }
    }
  }
  return [...byFile].map(([file, ms]) => ({ file, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * Each skipped test of a Playwright JSON report with the reason it gave (`test.skip(c, why)`).
 * A test a serial file never ran, because one before it failed, says so.
 */
export function playwrightSkips(report) {
  const specs = (report?.suites ?? []).flatMap((root) => [...playwrightSpecs(root)]);
  const failedFiles = new Set(
    specs
      .filter((spec) => (spec.tests ?? []).some((test) => test.status === 'unexpected'))
      .map((spec) => spec.file),
  );
  const found = [];
  for (const spec of specs) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'skipped') continue;
      const why = (test.annotations ?? []).find((note) => note.type === 'skip')?.description;
      const notRun = failedFiles.has(spec.file)
        ? 'not run: a test before it in this serial file failed'
        : null;
      found.push({ file: spec.file, test: spec.title, reason: why ?? notRun });
    }
  }
  return found;
}
