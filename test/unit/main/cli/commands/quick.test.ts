import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CliQuick from '../../../../../src/main/cli/commands/quick';

/*
 * `databridge --version` and `--help` answer without the catalogue, zod or the HTTP stack: the
 * modules below record when they are first loaded, so a help path that imports them fails.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../../../../src/shared/contract/catalogue', async (importOriginal) => {
  loaded.add('catalogue');
  return importOriginal();
});
vi.mock('zod', async (importOriginal) => {
  loaded.add('zod');
  return importOriginal();
});
vi.mock('../../../../../src/main/services/http/dispatcher', async (importOriginal) => {
  loaded.add('dispatcher');
  return importOriginal();
});
vi.mock('../../../../../src/main/cli/commands/runner', async (importOriginal) => {
  loaded.add('runner');
  return importOriginal();
});

const version = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** What the bundle's build writes in (scripts/build-cli.mjs), here with two operations. */
const built = {
  version: '9.8.7',
  node: '22.19',
  operations: [
    { id: 'databases.list', group: 'databases', summary: 'List the databases' },
    { id: 'jobs.get', group: 'jobs', summary: 'Read a job' },
  ],
};

// The module from a fresh registry: the unit files share their workers' modules, and a file
// before this one may have loaded zod or the catalogue already (then no mock above would run).
let isOlderThan: typeof CliQuick.isOlderThan;
let quickAnswer: typeof CliQuick.quickAnswer;
beforeAll(async () => {
  vi.resetModules();
  ({ isOlderThan, quickAnswer } = await import('../../../../../src/main/cli/commands/quick'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quickAnswer', () => {
  it('answers --version from package.json, loading nothing heavy', async () => {
    expect(await quickAnswer(['--version'])).toEqual({
      stdout: `databridge ${version}\n`,
      exitCode: 0,
    });
    expect([...loaded]).toEqual([]);
  });

  it('answers --help in the bundle from the operations written into it, loading nothing heavy', async () => {
    vi.stubGlobal('DATABRIDGE_CLI_BUILD', built);
    const answer = await quickAnswer(['--help']);
    expect(answer?.exitCode).toBe(0);
    expect(answer?.stdout).toMatch(/^Usage: databridge <group> <operation>/);
    expect(answer?.stdout).toMatch(/^Operations \(2\):$/m);
    expect(answer?.stdout).toMatch(/^ {4}databases\.list +List the databases$/m);
    expect(answer?.stdout).toMatch(/^Exit codes:$/m);
    expect(await quickAnswer(['-h', '--verbose'])).toEqual(answer);
    expect(await quickAnswer(['--version'])).toEqual({ stdout: 'databridge 9.8.7\n', exitCode: 0 });
    expect([...loaded]).toEqual([]);
  });

  it('leaves every other command line to the runner', async () => {
    for (const argv of [
      [],
      ['databases', 'list'],
      ['databases', 'create', '--help'],
      ['import', '--help'],
      ['--base-url', 'http://127.0.0.1:1/databridge', 'instances.list'],
    ]) {
      expect(await quickAnswer(argv), argv.join(' ')).toBeUndefined();
    }
    expect([...loaded]).toEqual([]);
  });

  it('refuses a Node older than the bundle was built for, naming both', async () => {
    vi.stubGlobal('DATABRIDGE_CLI_BUILD', built);
    const answer = await quickAnswer(['--help'], { version: '20.9.0', execPath: '/usr/bin/node' });
    expect(answer).toEqual({
      stderr: expect.stringMatching(
        /^databridge needs Node\.js 22\.19 or newer; it was started with Node 20\.9\.0 \(\/usr\/bin\/node\)\./,
      ) as unknown,
      exitCode: 1,
    });
    expect(await quickAnswer(['--version'], { version: '22.19.0', execPath: 'node' })).toEqual({
      stdout: 'databridge 9.8.7\n',
      exitCode: 0,
    });
  });

  it('reads the catalogue for --help when run from source (npm run cli)', async () => {
    const { catalogue } = await import('../../../../../src/shared/contract/catalogue');
    const answer = await quickAnswer(['--help']);
    for (const op of catalogue) expect(answer?.stdout).toContain(op.id);
    expect(answer?.stdout).toMatch(new RegExp(`^Operations \\(${catalogue.length}\\):$`, 'm'));
  });
});

describe('isOlderThan', () => {
  it('compares versions part by part', () => {
    expect(isOlderThan('20.20.2', '22.19')).toBe(true);
    expect(isOlderThan('v22.18.9', '22.19')).toBe(true);
    expect(isOlderThan('22.19.0', '22.19')).toBe(false);
    expect(isOlderThan('24.1.0', '22.19')).toBe(false);
    expect(isOlderThan('22.100.0', '22.19')).toBe(false);
  });
});
