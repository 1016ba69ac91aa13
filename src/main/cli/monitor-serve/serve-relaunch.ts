import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/*
 * `monitor serve` runs for weeks and allocates all the time (a session list per instance per
 * interval, a scrape every few seconds). Under V8's default young generation, whose two
 * semi-spaces grow to tens of MiB each, every page it once touched stays resident: over 30
 * instances the bench measured RSS climbing from 180 to 260 MiB in ten minutes while the live
 * heap stayed near 30 MiB. With semi-spaces of at most 2 MiB the same run held at 115 to 122
 * MiB, and the scrapes were no slower. Node takes the size only when it starts, so on Linux
 * and macOS the command starts itself again with it, unless the flag is already given (in
 * NODE_OPTIONS, or by the single executable of `npm run build:server`, whose blob starts Node
 * with it). On Windows, where a child cannot be asked to stop
 * cleanly, the flag is left to NODE_OPTIONS.
 */

/** The young generation's semi-space ceiling of the server, MiB. */
const SERVE_SEMI_SPACE_MIB = 2;
const FLAG = '--max-semi-space-size';
/** Set in the server's environment by the process that started it: its pid. */
export const SERVE_PARENT_ENV = 'DATABRIDGE_SERVE_PARENT';

/** The process facts the decision reads. */
export interface ServeProcess {
  readonly platform: NodeJS.Platform;
  readonly execArgv: readonly string[];
  /** The script the runtime runs (`process.argv[1]`). */
  readonly script: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The runtime's arguments to start the server again with a small young generation, running
 * `commandLine` (as the secrets were taken from it: a key read from standard input is in the
 * environment by then), or undefined to run it in this process: the flag is already set
 * (here or in NODE_OPTIONS), this is the started server itself, or the platform is Windows.
 */
export function serveRelaunchArgs(
  given: ServeProcess,
  commandLine: readonly string[],
): string[] | undefined {
  if (given.platform === 'win32' || given.env[SERVE_PARENT_ENV] !== undefined) return undefined;
  const flags = [...given.execArgv, ...(given.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  if (flags.some((flag) => flag.startsWith(FLAG))) return undefined;
  return [...given.execArgv, `${FLAG}=${SERVE_SEMI_SPACE_MIB}`, given.script, ...commandLine];
}

/**
 * glibc's malloc arenas a server may use. Each thread that allocates (libuv's pool, V8's
 * workers) may get an arena of its own, and memory freed in one is seldom given back: after
 * a burst of a thousand scrapes and 401s the bench measured the RSS 11-12 % above what it was
 * before, and it stayed; with two arenas, 5-8 %. The environment's own value wins.
 */
const SERVE_MALLOC_ARENAS = '2';

/** The environment the server starts again with: its parent, and at most two malloc arenas. */
export function serveChildEnv(
  env: Readonly<Record<string, string | undefined>>,
  parentPid: number,
): Record<string, string | undefined> {
  return { MALLOC_ARENA_MAX: SERVE_MALLOC_ARENAS, ...env, [SERVE_PARENT_ENV]: String(parentPid) };
}

const FORWARDED: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Runs the server as a child with `args` and answers its exit code. The child has its own
 * process group, so Ctrl+C in the terminal reaches it once, through this process, which
 * passes SIGTERM, SIGINT and SIGHUP on (a second Ctrl+C still ends it at once). Output is the
 * terminal's own. The child stops by itself if this process goes (see watchServeParent).
 */
export function runRelaunched(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  const child = spawn(process.execPath, args, {
    stdio: 'inherit',
    detached: true,
    env: serveChildEnv(env, process.pid),
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(
        `databridge monitor serve: could not start the server: ${error.message}\n`,
      );
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      for (const name of FORWARDED) process.off(name, forward);
      // Ended by a signal (a second Ctrl+C): 128 + its number, as a shell reports it.
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

/**
 * In the started server: once the process that started it is gone (killed outright, so it
 * could pass nothing on), `onGone` asks the server to stop, as SIGTERM would. Checked every
 * `everyMs`; the timer does not keep the process alive.
 */
export function watchServeParent(
  env: Readonly<Record<string, string | undefined>>,
  onGone: () => void,
  everyMs = 2_000,
): () => void {
  const parent = Number(env[SERVE_PARENT_ENV]);
  if (!Number.isInteger(parent) || parent <= 0) return () => undefined;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
