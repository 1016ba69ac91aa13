import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiredNodeVersion, satisfies } from '../../../scripts/node-version.mjs';

/*
 * .npmrc: npm install on a Node older than package.json's engines stops before it fetches or
 * builds anything (engine-strict), rather than after the downloads and keytar's build, when
 * the preinstall check used to say no.
 */

/** The settings of .npmrc, comments left out. */
function npmrc(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of readFileSync('.npmrc', 'utf8').split(/\r?\n/)) {
    const match = /^\s*([^#;=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] !== undefined) settings[match[1]] = match[2] ?? '';
  }
  return settings;
}

/** The first file named `name` on the PATH that `accept` takes. */
function onPath(name: string, accept: (file: string) => boolean): string | undefined {
  for (const folder of (process.env['PATH'] ?? '').split(delimiter)) {
    const file = join(folder, name);
    if (folder !== '' && existsSync(file) && accept(file)) return file;
  }
  return undefined;
}

function nodeVersionOf(file: string): string | undefined {
  const run = spawnSync(file, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

describe('.npmrc', () => {
  it('makes package.json engines binding for npm install', () => {
    expect(npmrc()['engine-strict']).toBe('true');
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${requiredNodeVersion()}`);
  });

  it('has npm install refuse at once under an older Node, before any script runs', (context) => {
    const old = onPath('node', (file) => {
      const found = file === process.execPath ? undefined : nodeVersionOf(file);
      return found !== undefined && !satisfies(found, requiredNodeVersion());
    });
    if (!old) context.skip(`no Node older than ${requiredNodeVersion()} on this machine's PATH`);
    const npm = onPath('npm', () => true);
    if (!npm) context.skip('no npm on the PATH');
    const npmCli = join(dirname(realpathSync(npm ?? '')), 'npm-cli.js');
    if (!existsSync(npmCli)) context.skip(`npm at ${npm} is not npm's own bin/npm-cli.js`);
    // The project's engines and .npmrc, with a preinstall that would say it ran, and no
    // dependency to fetch: only the engine check stands between npm and that script.
    const folder = mkdtempSync(join(tmpdir(), 'npmrc-'));
    try {
      const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: object };
      const manifest = {
        name: 'x',
        version: '1.0.0',
        engines,
        scripts: { preinstall: 'echo RAN' },
      };
      writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
      writeFileSync(join(folder, '.npmrc'), readFileSync('.npmrc'));
      const run = spawnSync(
        old ?? '',
        [npmCli, 'install', '--offline', '--no-audit', '--no-fund'],
        {
          cwd: folder,
          encoding: 'utf8',
          env: { ...process.env, npm_config_update_notifier: 'false' },
          timeout: 60_000,
        },
      );
      if (/npm does not support Node\.js/.test(run.stderr)) {
        context.skip(`the npm on the PATH does not run on ${old}: ${run.stderr.split('\n')[0]}`);
      }
      expect(run.stderr).toMatch(/EBADENGINE/);
      expect(run.status).not.toBe(0);
      expect(run.stdout).not.toContain('RAN');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
