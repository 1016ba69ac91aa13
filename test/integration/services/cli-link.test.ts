import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MARK } from '../../../scripts/link-cli.mjs';
import { builtCommand } from '../../support/cli/run-cli';

/*
 * `npm run link-cli` as README's "The command line" says to run it from a checkout, then the
 * command in a new terminal: a shell whose PATH has the user's folders only, neither the
 * checkout's Node (ensure-node's, for one shell) nor npm's. Where the machine's own Node is
 * older than the checkout's engines (Node 20 here), the launcher still runs, on the Node that
 * ran the script.
 */

const run = (
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(file, args, { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
        stdout,
        stderr,
      });
    });
  });

let home: string;
const version = async (): Promise<string> =>
  (JSON.parse(await readFile('package.json', 'utf8')) as { version: string }).version;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'link-cli-'));
  await mkdir(join(home, '.local', 'bin'), { recursive: true });
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Skips a test on Windows, saying why. */
function posixOnly(context: { skip: (note: string) => void }): void {
  if (process.platform === 'win32') {
    context.skip(
      'the launcher is a POSIX shell script here; the .cmd of Windows is held by test/unit/scripts/link-cli.test.ts',
    );
  }
}

describe('npm run link-cli, then a new terminal', () => {
  it('writes a launcher into ~/.local/bin that a new shell runs on the right Node', async (context) => {
    posixOnly(context);
    builtCommand(); // says to build first when out/cli is missing
    // The user's PATH, and before it the folders only this shell (npm run, ensure-node) has.
    const userPath = `${join(home, '.local', 'bin')}:/usr/local/bin:/usr/bin:/bin`;
    const shellPath = `${process.cwd()}/node_modules/.bin:${join(process.execPath, '..')}:${userPath}`;
    const linked = await run(process.execPath, ['scripts/link-cli.mjs'], {
      HOME: home,
      PATH: shellPath,
    });
    expect(linked.stderr).toBe('');
    expect(linked.code).toBe(0);
    const launcher = join(home, '.local', 'bin', 'databridge');
    expect(linked.stdout).toContain(`link-cli: ${launcher} runs ${builtCommand()}`);
    expect(await readFile(launcher, 'utf8')).toContain(LINK_MARK);

    const fresh = await run('/bin/sh', ['-c', 'databridge --version'], {
      HOME: home,
      PATH: userPath,
    });
    expect(fresh).toEqual({ code: 0, stdout: `databridge ${await version()}\n`, stderr: '' });
  });

  it("leaves the app's own launcher alone unless forced, and removes only its own", async (context) => {
    posixOnly(context);
    const folder = join(home, 'bin');
    await mkdir(folder, { recursive: true });
    const app = '#!/bin/sh\n# installed by DataBridge Desktop (Install the databridge command).\n';
    await writeFile(join(folder, 'databridge'), app);
    const env = { HOME: home, PATH: `${folder}:/usr/bin:/bin` };
    const refused = await run(process.execPath, ['scripts/link-cli.mjs', '--dir', folder], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /was left as it is: it holds the databridge command the installed app put there; --force replaces it/,
    );
    expect(await readFile(join(folder, 'databridge'), 'utf8')).toBe(app);
    const removed = await run(
      process.execPath,
      ['scripts/link-cli.mjs', '--remove', '--dir', folder],
      env,
    );
    expect(removed.code).toBe(1);
    expect(await readFile(join(folder, 'databridge'), 'utf8')).toBe(app);

    const forced = await run(
      process.execPath,
      ['scripts/link-cli.mjs', '--dir', folder, '--force'],
      env,
    );
    expect(forced.code).toBe(0);
    const again = await run(
      process.execPath,
      ['scripts/link-cli.mjs', '--remove', '--dir', folder],
      env,
    );
    expect(again.stdout).toBe(`link-cli: removed ${join(folder, 'databridge')}\n`);
  });
});
