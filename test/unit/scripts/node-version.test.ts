import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  nodeVersionProblem,
  requiredNodeVersion,
  satisfies,
} from '../../../scripts/node-version.mjs';

describe('the Node version check', () => {
  it('reads the minimum from package.json engines', () => {
    const engines = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
    ).engines.node;
    expect(engines).toBe(`>=${requiredNodeVersion()}`);
  });

  it.each([
    ['22.19.0', '22.19', true],
    ['v22.19.0', '22.19', true],
    ['22.20.1', '22.19', true],
    ['24.0.0', '22.19', true],
    ['22.18.9', '22.19', false],
    ['20.20.2', '22.19', false],
    ['v16.0.0', '22.19', false],
    ['23.0.0', '22.19', true],
  ])('Node %s against >=%s: %s', (found, required, ok) => {
    expect(satisfies(found, required)).toBe(ok);
  });

  it('names the version found, the version needed and the way to get it', () => {
    const message = nodeVersionProblem('v20.20.2', '22.19', '/usr/bin/node') ?? '';
    expect(message).toContain('Node 20.20.2 (/usr/bin/node)');
    expect(message).toContain('22.19 or newer');
    expect(message).toContain('source scripts/ensure-node.sh');
    expect(message).toContain('for this shell only');
    expect(nodeVersionProblem('24.1.0', '22.19')).toBeNull();
  });

  it('as a script, passes silently on this Node and answers --quiet with the exit code', () => {
    const run = spawnSync(process.execPath, ['scripts/node-version.mjs'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
    const quiet = spawnSync(process.execPath, ['scripts/node-version.mjs', '--quiet']);
    expect(quiet.status).toBe(0);
  });

  it('under an older Node, every script entry point refuses with the message', (context) => {
    const old = olderNodeOnPath();
    if (!old) context.skip(`no Node older than ${requiredNodeVersion()} on this machine's PATH`);
    for (const script of ['node-version.mjs', 'run-tests.mjs', 'ensure-electron.mjs']) {
      const run = spawnSync(old ?? '', [join('scripts', script)], { encoding: 'utf8' });
      expect(run.status, script).toBe(1);
      expect(run.stderr, script).toContain(`needs Node.js ${requiredNodeVersion()} or newer`);
      expect(run.stderr, script).toContain('source scripts/ensure-node.sh');
      expect(run.stdout + run.stderr, script).not.toMatch(/^\s+at /m);
    }
  });

  it('runs first in every entry point', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const entryPoints = Object.keys(scripts).filter((name) =>
      /^(preinstall|start|dev|harness|emulator|cli|bench:.*)$/.test(name),
    );
    expect(entryPoints.length).toBeGreaterThanOrEqual(9);
    for (const name of entryPoints) {
      expect(scripts[name], name).toMatch(
        /^node scripts\/(node-version|ensure-electron)\.mjs( |$)/,
      );
    }
    expect(scripts['test']).toBe('node scripts/run-tests.mjs');
    const runTests = readFileSync('scripts/run-tests.mjs', 'utf8');
    // \r?\n: the scripts' source may be checked out with CRLF (Windows, core.autocrlf).
    const firstStatement = runTests
      .split(/\r?\n/)
      .find((line) => /^[a-z]/.test(line) && !line.startsWith('import'));
    expect(firstStatement).toBe('requireNode();');
    const ensureElectron = readFileSync('scripts/ensure-electron.mjs', 'utf8');
    expect(ensureElectron).toMatch(/requireNode\(\);\r?\n\s+process\.exitCode = await main\(\);/);
  });
});

/** A Node binary on PATH older than the required one (the machines here ship Node 20). */
function olderNodeOnPath(): string | undefined {
  for (const folder of (process.env['PATH'] ?? '').split(delimiter)) {
    const candidate = join(folder, 'node');
    if (!folder || candidate === process.execPath || !existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const found = version.stdout.trim();
    if (version.status === 0 && found && !satisfies(found, requiredNodeVersion())) return candidate;
  }
  return undefined;
}
