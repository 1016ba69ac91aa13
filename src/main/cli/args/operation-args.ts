import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { catalogue, isOperationId, type Operation } from '../../../shared/contract/catalogue';
import { bodyFlagConfig, bodyFlagValues, type BodyFlagValues } from './body-flags';
import { flaggedFields } from './body-fields';
import { isDestructive } from './destructive';
import {
  CONNECTION_OPTIONS_TABLE,
  OPERATION_OPTIONS_TABLE,
  TOP_OPTIONS_TABLE,
} from './global-options';
import { parseConfigOf } from './option-spec';
import { positionals, type RunOptions } from './options';
import { groupNamed, nearestName, nearestOperation } from './operation-names';
import { UsageError } from './usage-error';

// Where every module of the command line has taken it from; the modules this one imports take
// it from args/usage-error.ts, which imports nothing.
export { UsageError };

/**
 * The command ran and answered, but its answer could not be printed as asked: `--query` failed
 * on it (exit code 1, not 2: a request was sent, and it may have changed something).
 */
export class QueryFailedError extends Error {
  override readonly name = 'QueryFailedError';
}

/** A parsed command line. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'operationHelp'; readonly operation: Operation }
  | { readonly kind: 'groupHelp'; readonly group: string; readonly operations: Operation[] }
  | {
      readonly kind: 'run';
      readonly operation: Operation;
      readonly options: RunOptions;
      /** Parameters by the operation's names: path, query and header values as text. */
      readonly params: Record<string, string>;
      /** The body fields given as flags (`--databaseName D`), by field name. */
      readonly bodyFlags?: BodyFlagValues;
    };

/** The operation's parameter names: path, query and header, in that order. */
export function parameterNames(op: Operation): {
  path: string[];
  query: string[];
  headers: string[];
} {
  return {
    path: Object.keys(op.pathParams.shape),
    query: op.query ? Object.keys(op.query.shape) : [],
    headers: op.headers ? Object.keys(op.headers.shape) : [],
  };
}

/**
 * Other names of operations. The other groups list an instance's records with `list`; the
 * jobs group names it `listByInstance` (its `getStatus` reads a job by id alone), so
 * `jobs list` is taken too.
 */
export const ALIASES: Readonly<Record<string, string>> = { 'jobs.list': 'jobs.listByInstance' };

/** The operation named by `group operation` or `group.operation`. */
function resolveOperation(words: readonly string[]): Operation | undefined {
  const [first, second] = words;
  if (first === undefined) return undefined;
  const given = (first.includes('.') ? first : `${first}.${second ?? ''}`).toLowerCase();
  const id = ALIASES[given]?.toLowerCase() ?? given;
  const match = catalogue.find((op) => op.id.toLowerCase() === id);
  return match && isOperationId(match.id) ? match : undefined;
}

/** A group's help, or the refusal of words that name no operation (with the nearest one). */
function unknownOperation(words: readonly string[], wantsHelp: boolean): CliCommand {
  const named = groupNamed(words[0]);
  if (named && (wantsHelp || words.length === 1)) {
    if (wantsHelp) return { kind: 'groupHelp', ...named };
    const names = named.operations.map((op) => op.id.slice(named.group.length + 1));
    throw new UsageError(
      `"${named.group}" needs an operation: ${names.join(', ')}. See "databridge ${named.group} --help".`,
    );
  }
  const given = words.slice(0, 2).join(' ');
  const near = nearestOperation(
    (words[0]?.includes('.') ? (words[0] ?? '') : given.replace(' ', '.')).toLowerCase(),
    Object.keys(ALIASES),
  );
  const hint = near ? ` Did you mean "${near}"?` : '';
  throw new UsageError(`Unknown operation "${given}".${hint} See --help for the list.`);
}

/** The options of every operation's run, from the option table (`--help` among them). */
const RUN_CONFIG: ParseArgsOptionsConfig = parseConfigOf({
  ...CONNECTION_OPTIONS_TABLE,
  ...OPERATION_OPTIONS_TABLE,
  help: TOP_OPTIONS_TABLE.help,
});

/** Parses `argv` (without node and the script). Throws {@link UsageError}. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const words = positionals(argv);
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (words.length === 0) {
    if (wantsHelp) return { kind: 'help' };
    throw new UsageError('Name an operation, e.g. "databases list". See --help for the list.');
  }
  const operation = resolveOperation(words);
  if (!operation) return unknownOperation(words, wantsHelp);
  if (wantsHelp) return { kind: 'operationHelp', operation };
  const names = parameterNames(operation);
  const paramNames = [...names.path, ...names.query, ...names.headers];
  const options: ParseArgsOptionsConfig = { ...bodyFlagConfig(operation), ...RUN_CONFIG };
  for (const name of paramNames) options[name] = { type: 'string' };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseFailure(operation, paramNames, error));
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const params: Record<string, string> = {};
  for (const name of paramNames) {
    const value = values[name];
    if (typeof value === 'string') params[name] = value;
  }
  const picked: Record<string, string | boolean> = {};
  for (const name of Object.keys(RUN_CONFIG)) {
    const value = values[name];
    if (value !== undefined) picked[name] = value;
  }
  checkOperationFlags(operation, picked);
  const bodyFlags = bodyFlagValues(operation, values);
  return { kind: 'run', operation, options: picked, params, bodyFlags };
}

/** The refusal of an option parseArgs did not take, with the options the operation takes. */
function parseFailure(operation: Operation, paramNames: string[], error: unknown): string {
  const body = flaggedFields(operation).map((field) => field.name);
  const own = [...paramNames, ...body].map((n) => `--${n}`);
  const accepted = own.length ? own.join(', ') : 'none';
  const message = (error as Error).message;
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
  const near = unknown && nearestName(unknown.replace(/^-+/, ''), [...paramNames, ...body]);
  const hint = near ? ` Did you mean --${near}?` : '';
  const what = unknown ? `Unknown option ${unknown}.${hint}` : `${message.replace(/[.\s]+$/, '')}.`;
  return `${what} Parameters of ${operation.id}: ${accepted}.`;
}

/** `--wait`, `--no-wait` and `--yes` where the operation takes them, and not both waits. */
function checkOperationFlags(operation: Operation, picked: Record<string, string | boolean>): void {
  const waits = ['wait', 'no-wait'].filter((name) => picked[name] === true);
  if (waits.length > 0 && !operation.startsJob) {
    throw new UsageError(
      `--${waits[0] ?? ''}: ${operation.id} starts no background job, so there is nothing to wait for.`,
    );
  }
  if (waits.length > 1) throw new UsageError('Give --wait or --no-wait, not both.');
  if (picked['yes'] === true && !isDestructive(operation)) {
    throw new UsageError(
      `--yes confirms an operation that removes something; ${operation.id} is not one: leave --yes out.`,
    );
  }
}
