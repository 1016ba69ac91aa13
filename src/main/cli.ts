import { isatty } from 'node:tty';
import { quickAnswer } from './cli/commands/quick';
import { closableOutput, exitCodeAfterOutput } from './cli/output/stdout';
import { screenColumns } from './cli/output/output-width';

/*
 * The `databridge` command: `databridge <group> <operation> [--param v]`, built into one file
 * by scripts/build-cli.mjs (`npm run build`); `npm run cli -- ...` runs it from source. A
 * composition root like src/main/index.ts, so it may hand the keytar adapter to the services.
 *
 * Only the answers that need nothing heavy (version, help) are imported up front; the runner,
 * and through it the catalogue and the services, are imported once the command line asks for
 * them, so `databridge --help` costs little more than starting Node.
 */

async function main(argv: readonly string[]): Promise<void> {
  const output = closableOutput(process.stdout);
  const stdout = output.write;
  // Decided last: the EPIPE of a reader that went away arrives after the write that met it.
  process.once('exit', (code) => {
    process.exitCode = exitCodeAfterOutput(code, output);
  });
  const quick = await quickAnswer(argv);
  if (quick !== undefined) {
    if (quick.stdout !== undefined) stdout(quick.stdout);
    if (quick.stderr !== undefined) process.stderr.write(quick.stderr);
    process.exitCode = quick.exitCode;
    return;
  }
  const [{ runCli }, { KeytarSecretStore }] = await Promise.all([
    import('./cli/commands/runner'),
    import('./platform/keytar-secret-store'),
  ]);
  process.exitCode = await runCli(argv, {
    stdout,
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    stdin: () => process.stdin,
    secretStore: () => new KeytarSecretStore(),
    isTty: process.stderr.isTTY,
    // A destructive call, or a proxy's user name and password, are asked about only when a
    // person is there: stdin and stderr both terminals (the question goes to stderr, the
    // answer comes from stdin).
    stdinIsTty: isatty(0),
    ask: async (question) => {
      const { askOnTerminal } = await import('./cli/terminal/ask');
      return askOnTerminal(question, { input: process.stdin, output: process.stderr });
    },
    askSecret: async (question) => {
      const { askSecretOnTerminal } = await import('./cli/terminal/ask');
      return askSecretOnTerminal(question, { input: process.stdin, output: process.stderr });
    },
    // A person reads a terminal (a table fitted to its width); a pipe or a file gets JSON.
    stdoutIsTty: process.stdout.isTTY,
    columns: screenColumns(process.env, process.stdout.columns),
    // Only a transfer traps Ctrl+C: the first asks it to pause in its journal (the same command
    // resumes it); a second ends the process at once, as Node does by default.
    interrupts: () => {
      const interrupt = new AbortController();
      process.once('SIGINT', () => interrupt.abort());
      return interrupt.signal;
    },
  });
}

// No top-level await: the bundle is CommonJS (see scripts/build-cli.mjs).
void main(process.argv.slice(2));
