import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/*
 * A CLI run given no `--data-dir` uses the app's data folder under the user's home: a test
 * run there would append to the real audit trail and leave journals beside the app's. The
 * CLI runs of the tests find that folder in a temporary one instead, through the variables
 * the platform's default is read from (XDG_CONFIG_HOME on Linux, APPDATA on Windows, the
 * home itself on macOS). A test that sets one of them, or gives --data-dir, still decides.
 */

let home: string | undefined;

// Imported by a test file, so this hook is the file's: the folder goes when its tests end.
afterAll(async () => {
  if (home !== undefined) await rm(home, { recursive: true, force: true });
  home = undefined;
});

/** The temporary home of this test file's CLI runs (made at the first call, removed after). */
export function cliDataHome(): string {
  home ??= mkdtempSync(join(tmpdir(), 'cli-home-'));
  return home;
}

/** The environment entries that point the CLI's default data folder into {@link cliDataHome}. */
export function cliDataHomeEnv(): Record<string, string> {
  const root = cliDataHome();
  return {
    XDG_CONFIG_HOME: join(root, '.config'),
    APPDATA: join(root, 'AppData', 'Roaming'),
    ...(process.platform === 'darwin' ? { HOME: root } : {}),
  };
}

/**
 * `--data-dir` into {@link cliDataHome}, for CLI runs in the test's own process: their default
 * data folder comes from this process's home, which is the real one.
 */
export function cliDataDirArgs(): string[] {
  return ['--data-dir', join(cliDataHome(), 'data')];
}
