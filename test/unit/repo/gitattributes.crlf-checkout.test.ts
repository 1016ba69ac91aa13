import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The Windows runner checks the repository out with core.autocrlf=true. This clones the
 * committed HEAD that way into a temporary folder (a shallow clone over file://, so it works
 * from a fresh CI clone too) and checks two things:
 *
 * - as the runner gets it: .gitattributes keeps every shell script LF, so `bash -n` passes;
 * - with every text file forced to CRLF (what a checkout without .gitattributes would give):
 *   the scripts' unit tests that read the repository's files (the scripts, package.json)
 *   still pass there.
 */

const ROOT = git(['rev-parse', '--show-toplevel'], process.cwd()).trim();
/** Where the scripts' tests are. */
const SCRIPT_TESTS = 'test/unit/scripts';
/** A test that reads a repository file by its path (`readFileSync('scripts/…'`). */
const READS_REPOSITORY_FILE = /readFileSync\(\s*'[\w.-]+(?:\/[\w.-]+)*'/;

let dir = '';
let clone = '';

function git(args: string[], cwd: string): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr || run.error}`);
  return run.stdout;
}

/** The checked-out files under `folder` (relative, with /), the .git folder left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((path) => !path.startsWith('.git/') && !path.startsWith('node_modules/'));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crlf-checkout-'));
  clone = join(dir, 'repo');
  git(
    [
      'clone',
      '--quiet',
      '--no-local',
      '--depth',
      '1',
      '-c',
      'core.autocrlf=true',
      // A pull request's checkout is a detached merge commit.
      '-c',
      'advice.detachedHead=false',
      pathToFileURL(ROOT).href,
      clone,
    ],
    dir,
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a checkout with core.autocrlf=true (the Windows runner)', () => {
  it('keeps every shell script and Node script LF, and bash -n passes on each script', () => {
    const files = filesUnder(clone);
    const scripts = files.filter((path) => path.endsWith('.sh'));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const path of files.filter((file) => /\.(sh|mjs|ts|json|yml)$/.test(file))) {
      expect(readFileSync(join(clone, path), 'utf8').includes('\r\n'), path).toBe(false);
    }
    for (const path of scripts) {
      const check = spawnSync('bash', ['-n', path], { cwd: clone, encoding: 'utf8' });
      expect(check.status, `bash -n ${path}: ${check.stderr}`).toBe(0);
    }
  });
});

describe('a checkout with every text file CRLF', () => {
  beforeAll(() => {
    // info/attributes outranks the committed .gitattributes: text files CRLF, shell scripts LF
    // (bash cannot run them otherwise, which the case above covers).
    writeFileSync(
      join(clone, '.git', 'info', 'attributes'),
      '* text=auto eol=crlf\n*.sh text eol=lf\n',
    );
    git(['rm', '--quiet', '--cached', '-r', '.'], clone);
    git(['reset', '--quiet', '--hard'], clone);
    // The clone's tests and config resolve their packages from this checkout's node_modules.
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'junction');
  });

  it('has CRLF line ends indeed', () => {
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toContain('\r\n');
    expect(readFileSync(join(clone, 'scripts', 'node-version.mjs'), 'utf8')).toContain('\r\n');
  });

  it("passes the scripts' unit tests that read the repository's files, node-version's included", () => {
    // Only those: the others read no file of the checkout, and each file costs a worker.
    const reading = filesUnder(join(clone, SCRIPT_TESTS))
      .map((path) => `${SCRIPT_TESTS}/${path}`)
      .filter((path) => path.endsWith('.test.ts'))
      .filter((path) => READS_REPOSITORY_FILE.test(readFileSync(join(clone, path), 'utf8')));
    expect(reading).toContain('test/unit/scripts/node-version.test.ts');
    const report = join(dir, 'report.json');
    const options: SpawnSyncOptions = {
      cwd: clone,
      encoding: 'utf8',
      // A vitest inside vitest: the outer run's worker variables must not leak in.
      env: Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
      ),
    };
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...reading,
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      options,
    );
    const output = `${String(run.stdout)}${String(run.stderr)}`;
    expect(run.status, output).toBe(0);
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: { name: string }[];
    };
    expect(result.numFailedTests).toBe(0);
    expect(result.numPassedTests).toBeGreaterThan(0);
    const ran = result.testResults.map((file) => relative(clone, file.name).split('\\').join('/'));
    expect(ran.sort()).toEqual(reading.sort());
  }, 120_000);
});
