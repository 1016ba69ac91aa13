import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { quoteArgument } from '../../../src/shared/cli/shell-quote';
import { cliDataHomeEnv } from '../cli-data-home';

/** What a CLI run printed and how it ended. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a CLI child: this one's, the data folder in a temporary home, then `env`.
 * The tester's COLUMNS is left out (a table's width is the test's to set).
 */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, COLUMNS: undefined, ...cliDataHomeEnv(), ...env };
}

/**
 * The command as installed: the bundle `npm run build` writes to out/cli (package.json's
 * `bin`), run by plain Node. It starts in a fraction of the time tsx takes to compile the
 * source, and it is what users run.
 */
export function builtCommand(): string {
  const entry = join(process.cwd(), 'out', 'cli', 'databridge.cjs');
  if (!existsSync(entry)) {
    throw new Error(`No built command at ${entry}: run "npm run build" first (npm test does).`);
  }
  return entry;
}

/**
 * Runs `databridge ...args` the way a user does, as a child process of plain Node.
 * Without --data-dir the run's data folder is a temporary one (see cliDataHomeEnv). `input`
 * is written to its standard input (for `--api-key-stdin`), which is closed either way.
 */
export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  input = '',
): Promise<CliRun> {
  const root = process.cwd();
  const entry = builtCommand();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [entry, ...args],
      { cwd: root, env: childEnv(env), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

/** A CLI run in a process of its own (one node process, so a SIGKILL ends it). */
export interface SpawnedCli {
  readonly child: ChildProcess;
  /** Resolves when the process has exited, with what it printed. */
  readonly ended: Promise<CliRun & { signal: NodeJS.Signals | null }>;
  /** What it printed so far, and whether it has ended (its output all read). */
  output(): { stdout: string; stderr: string; closed: boolean };
}

/** Starts `databridge ...args` as one node process, for tests that kill it (data as runCli). */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): SpawnedCli {
  const root = process.cwd();
  const child = spawn(process.execPath, [builtCommand(), ...args], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let closed = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<CliRun & { signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      closed = true;
      resolve({ code: code ?? -1, signal, stdout, stderr });
    }),
  );
  return { child, ended, output: () => ({ stdout, stderr, closed }) };
}

/** What a run on a terminal printed (stdout and stderr are the one terminal), and its code. */
export interface TerminalRun {
  readonly code: number;
  /** Everything the terminal showed, the question and the echoed answer included. */
  readonly screen: string;
}

/** What is typed at a terminal, with Enter, once the screen shows `when`. */
export interface TerminalReply {
  readonly when: string;
  readonly type: string;
  /**
   * How long the person takes to type it, in ms, from when the question showed (default: no
   * time at all). A person's pace is what some tests are about, so this is a wait on purpose.
   */
  readonly afterMs?: number;
}

/**
 * Runs `databridge ...args` on a terminal of its own (a pseudo-terminal from util-linux's
 * `script`): stdin, stdout and stderr are all that terminal, as when a person runs it. The
 * replies are typed in turn, each with Enter once the screen shows its `when` after the
 * previous reply was typed (after its `afterMs`). Needs `script` (see missingTool); fails
 * after 60 s.
 */
export function runCliOnTerminal(
  args: readonly string[],
  env: Record<string, string | undefined>,
  replies: readonly TerminalReply[],
): Promise<TerminalRun> {
  const command = [process.execPath, builtCommand(), ...args]
    .map((word) => quoteArgument(word, 'posix'))
    .join(' ');
  // -q: no "Script started" lines; -e: its exit code is the command's; -c: run it on the pty.
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: process.cwd(),
    env: childEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let next = 0;
  /** Where the screen is searched for the next reply's question: after the last one's. */
  let from = 0;
  /** The reply being typed slowly, if any: nothing else is typed meanwhile. */
  let typing: ReturnType<typeof setTimeout> | undefined;
  const type = (reply: TerminalReply): void => {
    typing = undefined;
    if (child.exitCode !== null || child.stdin.destroyed) return;
    child.stdin.write(`${reply.type}\n`);
    typeWhenAsked();
  };
  const typeWhenAsked = (): void => {
    const reply = replies[next];
    if (reply === undefined || typing !== undefined) return;
    const at = screen.indexOf(reply.when, from);
    if (at < 0) return;
    next += 1;
    from = at + reply.when.length;
    if (reply.afterMs === undefined) type(reply);
    else typing = setTimeout(() => type(reply), reply.afterMs);
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    screen += chunk;
    typeWhenAsked();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      clearTimeout(typing);
      child.stdin.end();
      resolve({ code: code ?? -1, screen });
    }),
  );
}
