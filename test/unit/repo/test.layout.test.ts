import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layout of the tests, held (the rule is in test/README.md):
 *
 * - test/unit mirrors the repository: the test of src/A/B/c.ts (or .vue) is
 *   test/unit/A/B/c.test.ts; more files of one module are c.<aspect>.test.ts; a test of a whole
 *   folder is named for the folder (test/unit/shared/contract/records.test.ts).
 * - What is not in src keeps its own path under test/unit: scripts/x.mjs is tested in
 *   test/unit/scripts/x.test.ts, test/harness/x.ts in test/unit/test/harness/x.test.ts.
 * - The repository's configuration files are tested in test/unit/repo/, named for the file:
 *   electron-builder.yml in repo/electron-builder.test.ts, .github/workflows/desktop.yml in
 *   repo/github/workflows/desktop.test.ts, .gitattributes in repo/gitattributes.*.test.ts (the
 *   dot left out: test globs skip dot folders).
 *   A folder counts too: this file, repo/test.layout.test.ts, holds the layout of test/.
 * - test/unit and test/integration hold only tests; helpers live in test/support.
 */

const SOURCE_EXTENSIONS = ['.ts', '.vue', '.mjs', '.mts'];

/** Every file under `folder`, as a path from the repository root with `/` separators. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(folder, entry).split('\\').join('/'))
    .filter((path) => statSync(path).isFile());
}

/** `name`, then `name` without its last `.part`, and so on: c.ranges is a test of c. */
function withoutAspects(name: string): string[] {
  const parts = name.split('.');
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('.'));
}

/**
 * A configuration file `path` with any extension (electron-builder → electron-builder.yml), or
 * the folder `path` (test.layout.test.ts, this file, holds the layout of test/).
 */
function configFileExists(path: string): boolean {
  if (existsSync(path) && statSync(path).isDirectory()) return true;
  const folder = dirname(path);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return false;
  const name = basename(path);
  // A dot file, its dot left out as for .github: repo/gitattributes… tests .gitattributes.
  const dotted = join(folder, `.${name}`);
  if (existsSync(dotted) && statSync(dotted).isFile()) return true;
  return readdirSync(folder).some(
    (entry) =>
      entry.startsWith(`${name}.`) &&
      !entry.slice(name.length + 1).includes('.') &&
      statSync(join(folder, entry)).isFile(),
  );
}

/** A module (with one of the source extensions) or a folder at `path`. */
function moduleExists(path: string): boolean {
  if (existsSync(path) && statSync(path).isDirectory()) return true;
  return SOURCE_EXTENSIONS.some((extension) => existsSync(`${path}${extension}`));
}

/**
 * The file or folder that the unit test `testPath` (test/unit/…/x.test.ts) mirrors, or
 * undefined when there is none by the rules above.
 */
function mirroredModule(testPath: string): string | undefined {
  const inside = testPath.replace(/^test\/unit\//, '').replace(/\.test\.ts$/, '');
  const folder = dirname(inside) === '.' ? '' : `${dirname(inside)}/`;
  for (const name of withoutAspects(basename(inside))) {
    const path = `${folder}${name}`;
    if (path.startsWith('repo/')) {
      const file = path.slice('repo/'.length).replace(/^github\//, '.github/');
      if (configFileExists(file)) return file;
    } else if (path.startsWith('scripts/') || path.startsWith('test/')) {
      if (moduleExists(path)) return path;
    } else if (moduleExists(`src/${path}`)) {
      return `src/${path}`;
    }
  }
  return undefined;
}

describe('the layout of the tests', () => {
  it('has a unit test for each module it mirrors, at its mirrored path', () => {
    const tests = filesUnder('test/unit').filter((path) => path.endsWith('.test.ts'));
    expect(tests.length).toBeGreaterThan(150);
    const orphans = tests.filter((path) => mirroredModule(path) === undefined);
    expect(
      orphans,
      'unit tests whose module is not at the mirrored path (test/unit/A/B/c.test.ts tests src/A/B/c.ts; see test/README.md)',
    ).toEqual([]);
  });

  it('keeps helpers out of test/unit and test/integration (they live in test/support)', () => {
    const strays = ['test/unit', 'test/integration']
      .flatMap(filesUnder)
      .filter((path) => !path.endsWith('.test.ts'));
    expect(strays, 'files that are not tests; helpers belong in test/support').toEqual([]);
  });

  it('mirrors modules of src, scripts, the tests and the configuration alike', () => {
    expect(
      mirroredModule(
        'test/unit/main/services/transfers/download/range-downloader.backpressure.test.ts',
      ),
    ).toBe('src/main/services/transfers/download/range-downloader');
    expect(mirroredModule('test/unit/shared/contract/records.requests.test.ts')).toBe(
      'src/shared/contract/records',
    );
    expect(mirroredModule('test/unit/scripts/node-version.test.ts')).toBe('scripts/node-version');
    expect(mirroredModule('test/unit/test/harness/file-roots.test.ts')).toBe(
      'test/harness/file-roots',
    );
    expect(mirroredModule('test/unit/repo/eslint.config.layers.test.ts')).toBe('eslint.config');
    expect(mirroredModule('test/unit/repo/test.layout.test.ts')).toBe('test');
    expect(mirroredModule('test/unit/repo/github/workflows/desktop.test.ts')).toBe(
      '.github/workflows/desktop',
    );
    expect(mirroredModule('test/unit/transfers/range-downloader.test.ts')).toBeUndefined();
    expect(mirroredModule('test/unit/main/services/nothing-here.test.ts')).toBeUndefined();
  });
});
