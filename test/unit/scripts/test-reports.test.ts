import { describe, expect, it } from 'vitest';
import {
  playwrightCounts,
  playwrightFileTimes,
  playwrightSkips,
  vitestCounts,
  vitestFileTimes,
} from '../../../scripts/test-reports.mjs';

describe("npm test's reading of the runners' reports", () => {
  const vitest = {
    numPassedTests: 5,
    numFailedTests: 1,
    numPendingTests: 2,
    numTodoTests: 1,
    testResults: [
      {
        name: `${process.cwd()}/test/unit/a.test.ts`,
        status: 'failed',
        startTime: 1000,
        endTime: 1500,
        assertionResults: [
          {
            status: 'failed',
            fullName: 'a fails',
            failureMessages: ['Error: no\n  at x\n\n  at y'],
          },
        ],
      },
      // An import error: no assertions, still one failure.
      {
        name: '/elsewhere/b.test.ts',
        status: 'failed',
        startTime: 0,
        endTime: 9000,
        message: 'SyntaxError',
      },
      { name: 'c.test.ts', status: 'passed', startTime: 10, endTime: 30, assertionResults: [] },
    ],
  };

  it('counts vitest tests, a file that failed to load as one failure, and names each failure', () => {
    expect(vitestCounts(vitest)).toEqual({
      passed: 5,
      failed: 2,
      skipped: 3,
      failures: [
        `${process.cwd()}/test/unit/a.test.ts > a fails: Error: no | at x | at y`,
        '/elsewhere/b.test.ts: SyntaxError',
      ],
    });
    expect(vitestCounts(null)).toBeNull();
  });

  it("lists vitest's files slowest first, relative to the checkout", () => {
    expect(vitestFileTimes(vitest)).toEqual([
      { file: '/elsewhere/b.test.ts', ms: 9000 },
      { file: 'test/unit/a.test.ts', ms: 500 },
      { file: 'c.test.ts', ms: 20 },
    ]);
    expect(vitestFileTimes(null)).toEqual([]);
  });

  const playwright = {
    stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
    suites: [
      {
        specs: [
          {
            file: 'a.spec.ts',
            line: 7,
            title: 'one',
            tests: [{ status: 'expected', results: [{ duration: 100 }] }],
          },
        ],
        suites: [
          {
            specs: [
              {
                file: 'a.spec.ts',
                line: 9,
                title: 'two',
                tests: [
                  {
                    status: 'unexpected',
                    results: [
                      { duration: 50, error: { message: '\u001b[2mboom\u001b[22m\nthere' } },
                    ],
                  },
                ],
              },
              {
                file: 'b.spec.ts',
                line: 1,
                title: 'three',
                tests: [{ results: [{ duration: 400 }] }],
              },
            ],
          },
        ],
      },
    ],
  };

  it('counts Playwright tests (a flaky pass as a pass) and names the unexpected ones, colours gone', () => {
    expect(playwrightCounts(playwright)).toEqual({
      passed: 4,
      failed: 1,
      skipped: 2,
      failures: ['a.spec.ts:9 > two: boom | there'],
    });
    expect(playwrightCounts({})).toBeNull();
  });

  it("adds up each spec file's test runs, in nested suites too, slowest first", () => {
    expect(playwrightFileTimes(playwright)).toEqual([
      { file: 'b.spec.ts', ms: 400 },
      { file: 'a.spec.ts', ms: 150 },
    ]);
  });
});

describe("npm test's list of skipped tests", () => {
  it('names each skipped Playwright test with the reason it gave, or none', () => {
    const report = {
      suites: [
        {
          specs: [
            {
              file: 'smoke.spec.ts',
              title: 'opens',
              tests: [
                {
                  status: 'skipped',
                  annotations: [{ type: 'serial' }, { type: 'skip', description: 'no binary' }],
                },
              ],
            },
            { file: 'smoke.spec.ts', title: 'quiet', tests: [{ status: 'skipped' }] },
            { file: 'smoke.spec.ts', title: 'ran', tests: [{ status: 'expected' }] },
          ],
        },
      ],
    };
    expect(playwrightSkips(report)).toEqual([
      { file: 'smoke.spec.ts', test: 'opens', reason: 'no binary' },
      { file: 'smoke.spec.ts', test: 'quiet', reason: null },
    ]);
  });

  it('says a test of a serial file was not run when one before it failed', () => {
    const report = {
      suites: [
        {
          specs: [
            { file: 'sessions.spec.ts', title: 'lists', tests: [{ status: 'unexpected' }] },
            { file: 'sessions.spec.ts', title: 'kills', tests: [{ status: 'skipped' }] },
          ],
        },
      ],
    };
    expect(playwrightSkips(report)).toEqual([
      {
        file: 'sessions.spec.ts',
        test: 'kills',
        reason: 'not run: a test before it in this serial file failed',
      },
    ]);
  });
});
