import { spawnSync } from 'node:child_process';

/*
 * The operating system's tools some tests run (systemd-analyze, promtool, prometheus): where
 * one is missing, the test skips and says which package brings it.
 */

/** Undefined when `command` runs here; else why the test that needs it skips. */
export function missingTool(command: string, args: string[], why: string): string | undefined {
  const probe = spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
  return probe.error || probe.status !== 0
    ? `${command} is not installed here (${why})`
    : undefined;
}

/** Runs a tool to its end: its exit code and what it printed. */
export function runTool(command: string, args: string[], cwd?: string) {
  const run = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 60_000,
    ...(cwd ? { cwd } : {}),
  });
  return { code: run.status ?? -1, stdout: run.stdout ?? '', stderr: run.stderr ?? '' };
}
