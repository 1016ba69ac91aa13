import { UsageError } from './cli-args';

/*
 * Secrets on the command line: a command line stays in the shell's history and shows in the
 * process list (ps, Task Manager) to every user of the machine, and npm echoes it into
 * terminal and CI logs. `--api-key-stdin` reads the key from standard input instead;
 * `--api-key KEY` still works, with a warning.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** Standard input as the CLI reads a secret from it (process.stdin, or a test's stream). */
export interface SecretInput extends AsyncIterable<string | Uint8Array> {
  /** A terminal: the user types or pastes the key, so say how to end it. */
  readonly isTTY?: boolean;
}

/** What {@link takeSecretArgs} reads and writes. */
export interface SecretArgsIo {
  readonly env: Env;
  readonly stderr: (text: string) => void;
  /** Standard input, opened only when `--api-key-stdin` asks for it. */
  readonly stdin?: () => SecretInput;
}

/** The warning for `--api-key KEY` (it never repeats the key). */
export const API_KEY_ARGUMENT_WARNING =
  "warning: --api-key puts the API key in the shell's history and in the process list, where other users of this machine can read it. Use DATABRIDGE_API_KEY, --api-key-stdin or --profile NAME instead (databridge --help).\n";

/** The longest input `--api-key-stdin` reads: far more than a key, far less than a file. */
const MAX_KEY_BYTES = 16 * 1024;

const STDIN_FLAG = '--api-key-stdin';

/**
 * The command line and environment a run goes on with. `--api-key-stdin` is taken out and the
 * key it reads is handed on as DATABRIDGE_API_KEY, so it goes the way of a key from the
 * environment (redacted, never in a transfer's journal). `--api-key KEY` gets the warning.
 */
export async function takeSecretArgs(
  argv: readonly string[],
  io: SecretArgsIo,
): Promise<{ argv: string[]; env: Env }> {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const options = argv.slice(0, end);
  if (options.some((arg) => arg.startsWith(`${STDIN_FLAG}=`))) {
    throw new UsageError(`${STDIN_FLAG} takes no value: it reads the API key from standard input.`);
  }
  const fromStdin = options.includes(STDIN_FLAG);
  const onCommandLine = options.some((arg) => arg === '--api-key' || arg.startsWith('--api-key='));
  if (fromStdin && onCommandLine) {
    throw new UsageError(`Give the API key one way: ${STDIN_FLAG} or --api-key, not both.`);
  }
  if (onCommandLine) io.stderr(API_KEY_ARGUMENT_WARNING);
  if (!fromStdin) return { argv: [...argv], env: io.env };
  const rest = [...options.filter((arg) => arg !== STDIN_FLAG), ...argv.slice(end)];
  const input = io.stdin?.();
  if (input === undefined) throw new UsageError(`${STDIN_FLAG}: there is no standard input.`);
  return { argv: rest, env: { ...io.env, DATABRIDGE_API_KEY: await readKey(input, io) } };
}

async function readKey(input: SecretInput, io: SecretArgsIo): Promise<string> {
  if (input.isTTY) {
    io.stderr('API key (paste it, then Enter and Ctrl+D; Ctrl+Z and Enter on Windows):\n');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_KEY_BYTES) {
      throw new UsageError(
        `${STDIN_FLAG} read more than ${MAX_KEY_BYTES / 1024} KiB: standard input holds something other than an API key.`,
      );
    }
    chunks.push(bytes);
  }
  const key = Buffer.concat(chunks).toString('utf8').trim();
  // The messages never quote what was read: it may be the key, or close to it.
  if (key === '') {
    throw new UsageError(
      `${STDIN_FLAG} read no API key: standard input was empty. Pipe the key in, e.g. databridge instances list ${STDIN_FLAG} < key-file.`,
    );
  }
  if (/\s/.test(key)) {
    throw new UsageError(
      `${STDIN_FLAG} read more than one word: standard input must hold the API key alone.`,
    );
  }
  return key;
}
