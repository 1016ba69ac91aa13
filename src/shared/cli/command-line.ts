import { cliValueName } from './named-values';
import { COMMENT, quoteArgument, type ShellKind } from './shell-quote';

/*
 * A dialog's action as a `databridge` command line ("Copy as command"), so that what was done
 * once by hand can be scripted. The option names are the ones the CLI's parser accepts: every
 * path, query and header parameter by its catalogue name, the JSON body as `--body`. No
 * secret is ever written: a command line stays in the shell's history and shows in the
 * process list, so a password in the body becomes a placeholder and a note says so.
 */

export type { ShellKind } from './shell-quote';

/** The input of one operation as a dialog sends it through the API (without `profileId`). */
export interface OperationCallInput {
  readonly pathParams?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

/** What to turn into a command line. */
export interface CommandRequest {
  /** The catalogue operation, e.g. `databases.rename`. */
  readonly operationId: string;
  readonly input: OperationCallInput;
  /**
   * For `databases.export` only: the folder the app downloads the files into. The command is
   * then the CLI's `export` transfer (job, then download), which is what the dialog does.
   */
  readonly destinationFolder?: string;
  /** The saved connection to run it on (`--profile NAME`); left out when unknown. */
  readonly profile?: string;
}

/** A command line: the words after `databridge`, and what the reader must know about them. */
export interface CommandLine {
  readonly argv: readonly string[];
  /** Why something is left out or must be filled in before running it. */
  readonly notes: readonly string[];
}

/** Body fields that hold a secret; their values are never copied. */
const SECRET_FIELD = /password|secret|apikey|api_key|token/i;

/** The placeholder that stands for the secret field `key`. */
export function secretPlaceholder(key: string): string {
  return `<${key}>`;
}

function textOf(name: string, value: unknown): string {
  // Codes the CLI also takes by name are written by name (`--exportTo bak`).
  const named = cliValueName(name, value);
  if (named !== undefined) return named;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `--name value`; `--name=value` when the value starts with a dash (else read as an option). */
function option(name: string, value: string): string[] {
  return value.startsWith('-') ? [`--${name}=${value}`] : [`--${name}`, value];
}

function options(values: Readonly<Record<string, unknown>> | undefined): string[] {
  if (values === undefined) return [];
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .flatMap(([name, value]) => option(name, textOf(name, value)));
}

/** The body with every secret field replaced by its placeholder, and the fields replaced. */
function withoutSecrets(body: unknown, found: string[]): unknown {
  if (Array.isArray(body)) return body.map((item) => withoutSecrets(item, found));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (!SECRET_FIELD.test(key) || typeof value !== 'string') {
        return [key, withoutSecrets(value, found)];
      }
      found.push(key);
      return [key, secretPlaceholder(key)];
    }),
  );
}

function exportTransfer(request: CommandRequest, folder: string): string[] {
  const { pathParams, query } = request.input;
  const { detachOnly, ...rest } = query ?? {};
  return [
    'export',
    ...options(pathParams),
    ...options(rest),
    ...(detachOnly === true ? ['--detachOnly'] : []),
    ...option('to', folder),
  ];
}

/** The command line of `request`. */
export function commandLine(request: CommandRequest): CommandLine {
  const { operationId, input, destinationFolder, profile } = request;
  const notes: string[] = [];
  let argv: string[];
  if (operationId === 'databases.export' && destinationFolder !== undefined) {
    argv = exportTransfer(request, destinationFolder);
  } else {
    argv = [
      ...operationId.split('.'),
      ...options(input.pathParams),
      ...options(input.query),
      ...options(input.headers),
    ];
    if (input.body !== undefined) {
      const secrets: string[] = [];
      argv.push(...option('body', JSON.stringify(withoutSecrets(input.body, secrets))));
      for (const key of new Set(secrets)) {
        notes.push(
          `The ${key} is not copied: replace ${secretPlaceholder(key)} in --body before running, or keep the body in a file only you can read and pass --body @FILE.`,
        );
      }
    }
  }
  if (profile !== undefined) argv.push(...option('profile', profile));
  return { argv, notes };
}

/**
 * The text to paste into `shell`: the notes as comments, then the command. PowerShell before
 * 7.3 (Windows PowerShell) drops the double quotes inside an argument it hands a program, which
 * breaks a JSON body, so the PowerShell text says which version it needs then.
 */
export function formatCommandLine(line: CommandLine, shell: ShellKind): string {
  const notes = [...line.notes];
  if (shell === 'powershell' && line.argv.some((word) => word.includes('"'))) {
    notes.push('Needs PowerShell 7.3 or newer: Windows PowerShell drops the quotes of the JSON.');
  }
  const command = ['databridge', ...line.argv.map((word) => quoteArgument(word, shell))].join(' ');
  return [...notes.map((note) => `${COMMENT} ${note}`), command].join('\n');
}
