import { UsageError } from './operation-args';
import type { CONNECTION_OPTIONS_TABLE } from './global-options';

/*
 * Secrets on the command line: a command line stays in the shell's history and shows in the
 * process list (ps, Task Manager) to every user of the machine, and npm echoes it into
 * terminal and CI logs. `--api-key-stdin` and `--password-stdin` read the secret from
 * standard input instead; `--api-key KEY` and `--password P` still work, with a warning.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** Standard input as the CLI reads a secret from it (process.stdin, or a test's stream). */
export interface SecretInput extends AsyncIterable<string | Uint8Array> {
  /** A terminal: the user types or pastes the secret, so say how to end it. */
  readonly isTTY?: boolean;
}

/** What {@link takeSecretArgs} reads and writes. */
export interface SecretArgsIo {
  readonly env: Env;
  readonly stderr: (text: string) => void;
  /** Standard input, opened only when `--api-key-stdin` or `--password-stdin` asks for it. */
  readonly stdin?: () => SecretInput;
}

/** The warning for `--api-key KEY` (it never repeats the key). */
export const API_KEY_ARGUMENT_WARNING =
  "warning: --api-key puts the API key in the shell's history and in the process list, where other users of this machine can read it. Use DATABRIDGE_API_KEY, --api-key-stdin or --profile NAME instead (databridge --help).\n";

/** The warning for `--password P` (it never repeats the password). */
export const PASSWORD_ARGUMENT_WARNING =
  "warning: --password puts the password in the shell's history and in the process list, where other users of this machine can read it. Use DATABRIDGE_PASSWORD, --password-stdin or --profile NAME instead (databridge --help).\n";

/** The environment variables a run's secret is read from. */
export type SecretEnvName = 'DATABRIDGE_API_KEY' | 'DATABRIDGE_PASSWORD';

/** A secret that has a command-line option and a standard-input form. */
interface SecretKind {
  /** The option with a value, e.g. `--api-key`. */
  readonly option: string;
  /** The flag that reads it from standard input. */
  readonly stdinFlag: string;
  /** Where the secret read goes on: the environment variable the connection reads. */
  readonly envName: SecretEnvName;
  readonly noun: string;
  readonly warning: string;
  /** An API key is one word; a password may hold spaces, but not a line break. */
  readonly oneWord: boolean;
}

/** An option of the table (args/global-options.ts) as the command line writes it. */
const option = (name: keyof typeof CONNECTION_OPTIONS_TABLE): string => `--${name}`;

const SECRETS: readonly SecretKind[] = [
  {
    option: option('api-key'),
    stdinFlag: option('api-key-stdin'),
    envName: 'DATABRIDGE_API_KEY',
    noun: 'API key',
    warning: API_KEY_ARGUMENT_WARNING,
    oneWord: true,
  },
  {
    option: option('password'),
    stdinFlag: option('password-stdin'),
    envName: 'DATABRIDGE_PASSWORD',
    noun: 'password',
    warning: PASSWORD_ARGUMENT_WARNING,
    oneWord: false,
  },
];

/** The longest input a `-stdin` flag reads: far more than a secret, far less than a file. */
const MAX_SECRET_BYTES = 16 * 1024;

/** The command line and environment a run goes on with, from {@link takeSecretArgs}. */
interface TakenSecretArgs {
  readonly argv: string[];
  readonly env: Env;
  /**
   * The variable of `env` that holds the secret read from standard input: one given for this
   * command, unlike one left in the shell's environment, which may be another service's.
   */
  readonly fromStdin?: SecretEnvName;
}

/**
 * The command line and environment a run goes on with. A `-stdin` flag is taken out and the
 * secret it reads is handed on in its environment variable (DATABRIDGE_API_KEY or
 * DATABRIDGE_PASSWORD), so it goes the way of a secret from the environment (redacted, never
 * in a transfer's journal), named in `fromStdin`. `--api-key KEY` and `--password P` get a
 * warning.
 */
export async function takeSecretArgs(
  argv: readonly string[],
  io: SecretArgsIo,
): Promise<TakenSecretArgs> {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const options = argv.slice(0, end);
  const wanted: SecretKind[] = [];
  for (const kind of SECRETS) {
    if (options.some((arg) => arg.startsWith(`${kind.stdinFlag}=`))) {
      throw new UsageError(
        `${kind.stdinFlag} takes no value: it reads the ${kind.noun} from standard input.`,
      );
    }
    const fromStdin = options.includes(kind.stdinFlag);
    const onCommandLine = options.some(
      (arg) => arg === kind.option || arg.startsWith(`${kind.option}=`),
    );
    if (fromStdin && onCommandLine) {
      throw new UsageError(
        `Give the ${kind.noun} one way: ${kind.stdinFlag} or ${kind.option}, not both.`,
      );
    }
    if (onCommandLine) io.stderr(kind.warning);
    if (fromStdin) wanted.push(kind);
  }
  const [kind, other] = wanted;
  if (kind === undefined) return { argv: [...argv], env: io.env };
  if (other !== undefined) {
    throw new UsageError(
      `Standard input holds one secret: give ${kind.stdinFlag} or ${other.stdinFlag}, not both.`,
    );
  }
  const rest = [...options.filter((arg) => arg !== kind.stdinFlag), ...argv.slice(end)];
  const input = io.stdin?.();
  if (input === undefined) throw new UsageError(`${kind.stdinFlag}: there is no standard input.`);
  const secret = await readSecret(kind, input, io);
  return { argv: rest, env: { ...io.env, [kind.envName]: secret }, fromStdin: kind.envName };
}

async function readSecret(kind: SecretKind, input: SecretInput, io: SecretArgsIo): Promise<string> {
  const flag = kind.stdinFlag;
  if (input.isTTY) {
    const how = kind.oneWord ? 'paste it' : 'type or paste it';
    io.stderr(
      `${capital(kind.noun)} (${how}, then Enter and Ctrl+D; Ctrl+Z and Enter on Windows):\n`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_SECRET_BYTES) {
      throw new UsageError(
        `${flag} read more than ${MAX_SECRET_BYTES / 1024} KiB: standard input holds something other than ${article(kind.noun)}.`,
      );
    }
    chunks.push(bytes);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // A password keeps its spaces; only the line end the shell or a file adds is not part of it.
  const secret = kind.oneWord ? text.trim() : text.replace(/\r?\n$/, '');
  // The messages never quote what was read: it may be the secret, or close to it.
  if (secret.trim() === '') {
    throw new UsageError(
      `${flag} read no ${kind.noun}: standard input was empty. Pipe the ${kind.noun} in, e.g. databridge instances list ${flag} < ${kind.oneWord ? 'key-file' : 'password-file'}.`,
    );
  }
  if (kind.oneWord && /\s/.test(secret)) {
    throw new UsageError(
      `${flag} read more than one word: standard input must hold the ${kind.noun} alone.`,
    );
  }
  if (/[\r\n]/.test(secret)) {
    throw new UsageError(
      `${flag} read more than one line: standard input must hold the ${kind.noun} alone.`,
    );
  }
  return secret;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** The warning for a JSON body written on the command line that holds a password. */
export const BODY_PASSWORD_WARNING =
  "warning: --body puts the password it holds in the shell's history and in the process list, where other users of this machine can read it. Write the body into a file only you can read and give --body @FILE instead.\n";

/**
 * True when a JSON body holds a password (logins create and updatePassword take the login's
 * password in the body, so `--body '{...}'` puts it on the command line).
 */
export function holdsPassword(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).some((key) => key.toLowerCase().includes('password'))
  );
}
