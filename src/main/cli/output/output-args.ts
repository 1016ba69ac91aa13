import { UsageError } from '../args/operation-args';
import type { OUTPUT_OPTIONS_TABLE } from '../args/global-options';
import { OUTPUT_FORMATS, type OutputFormat } from './output-formats';
import { resourceTableCommands, resourceTableOf } from './resource-tables';
import { chooseColumns, type ResourceTable, type TableColumn } from './table-columns';

/*
 * `--output FORMAT` (`-o`), `--query EXPR` and `--columns A,B` on any command line. They are
 * taken off the command line before it is parsed, as the secret options are, so that the
 * catalogue operations and the transfer commands take them alike without each parser listing
 * them.
 */

/** The output options as given, and the command line without them. */
export interface OutputArgs {
  readonly argv: string[];
  /** `--output` as given, not yet checked. */
  readonly format?: string;
  /** `--query` as given, not yet compiled. */
  readonly query?: string;
  /** `--columns` as given, not yet matched to a table's columns. */
  readonly columns?: string;
}

/** What the terminal tells about standard output. */
export interface OutputScreen {
  /** Standard output is a terminal: a person reads it, so the default is a table. */
  readonly stdoutIsTty?: boolean | undefined;
  /** Its width in characters, when it is a terminal. */
  readonly columns?: number | undefined;
}

/** How a run prints its answer. */
export interface OutputSettings {
  readonly format: OutputFormat;
  /** The width a table fits into, in characters. */
  readonly width: number;
  /** The compiled `--query`, applied to the answer before it is formatted. */
  readonly query?: (value: unknown) => unknown;
  /** `--output`, `--query` or `--columns` was given (the `--json` progress lines refuse them). */
  readonly given: boolean;
  /** `--columns`, split, until the command's table is known (see {@link withTableOf}). */
  readonly columnNames?: readonly string[];
  /** The columns of the resource the command lists, when it lists one. */
  readonly resource?: ResourceTable;
  /** The resource's columns `--columns` chose, in its order. */
  readonly chosen?: readonly TableColumn[];
}

/** The width of a table when the terminal does not tell it (a pipe, a CI log). */
export const DEFAULT_COLUMNS = 100;

/** What each output option of the table (args/global-options.ts) sets, by how it is written. */
const NAMES = {
  '--output': 'format',
  '-o': 'format',
  '--query': 'query',
  '--columns': 'columns',
} as const satisfies Record<
  `--${keyof typeof OUTPUT_OPTIONS_TABLE}` | `-${typeof OUTPUT_OPTIONS_TABLE.output.short}`,
  string
>;

/** Takes `--output`/`-o`, `--query` and `--columns` off `argv` (the last one given wins). */
export function takeOutputArgs(argv: readonly string[]): OutputArgs {
  const rest: string[] = [];
  const found: { format?: string; query?: string; columns?: string } = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const [name, value] = split(arg);
    const key = name === undefined ? undefined : NAMES[name];
    if (key === undefined) {
      rest.push(arg);
      continue;
    }
    const given = value ?? argv[i + 1];
    if (value === undefined) i += 1;
    if (given === undefined) throw new UsageError(missing(name ?? arg));
    found[key] = given;
  }
  return { argv: rest, ...found };
}

/** `--output=csv` → [`--output`, `csv`], `-ocsv` → [`-o`, `csv`], `-o` → [`-o`]. */
function split(arg: string): [keyof typeof NAMES | undefined, string | undefined] {
  const known = (name: string): name is keyof typeof NAMES => Object.hasOwn(NAMES, name);
  const equals = arg.indexOf('=');
  if (arg.startsWith('--') && equals > 0) {
    const name = arg.slice(0, equals);
    return known(name) ? [name, arg.slice(equals + 1)] : [undefined, undefined];
  }
  if (arg.startsWith('-o') && arg.length > 2 && !arg.startsWith('--')) return ['-o', arg.slice(2)];
  return known(arg) ? [arg, undefined] : [undefined, undefined];
}

function missing(name: string): string {
  if (name === '--query') return '--query needs a JMESPath expression, e.g. --query "[].name".';
  if (name === '--columns') return '--columns needs column names, e.g. --columns name,size.';
  return `${name} needs a format: ${OUTPUT_FORMATS.join(', ')}.`;
}

/**
 * The format `--output` names; without it a table for a terminal (or for `--columns`, which
 * asks for one), JSON for a pipe.
 */
export function outputFormatOf(
  given: string | undefined,
  screen: OutputScreen,
  columns = false,
): OutputFormat {
  if (given === undefined) return screen.stdoutIsTty === true || columns ? 'table' : 'json';
  const format = OUTPUT_FORMATS.find((name) => name === given.trim().toLowerCase());
  if (format === undefined) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}; got "${given}".`);
  }
  return format;
}

/** The names `--columns a,b` gives; a usage error for none, or a format that has no columns. */
function columnNamesOf(text: string, format: OutputFormat): string[] {
  if (format !== 'table' && format !== 'wide') {
    throw new UsageError(
      `--columns chooses the columns of a table (-o table or -o wide), not of ${format}; pick the fields of ${format} with --query.`,
    );
  }
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError(missing('--columns'));
  return names;
}

/**
 * The settings of a run: the format checked and the query compiled, so that a bad one is a
 * usage error before anything is sent. The JMESPath library is loaded only for a query.
 */
export async function outputSettingsOf(
  args: OutputArgs,
  screen: OutputScreen,
): Promise<OutputSettings> {
  const format = outputFormatOf(args.format, screen, args.columns !== undefined);
  const columns = screen.columns;
  const width = columns !== undefined && columns > 0 ? Math.floor(columns) : DEFAULT_COLUMNS;
  const given = args.format !== undefined || args.query !== undefined || args.columns !== undefined;
  const names =
    args.columns === undefined ? {} : { columnNames: columnNamesOf(args.columns, format) };
  if (args.query === undefined) return { format, width, given, ...names };
  const { compileQuery } = await import('./output-query');
  return { format, width, given, ...names, query: compileQuery(args.query) };
}

/**
 * The settings for a command whose answer lists `operation`'s records (undefined: a command
 * that answers no list): its table's columns, and those `--columns` chose. Throws a UsageError
 * when `--columns` names a column the table lacks, or comes with a command that has none.
 */
export function withTableOf(
  settings: OutputSettings,
  operation: string | undefined,
): OutputSettings {
  const resource = operation === undefined ? undefined : resourceTableOf(operation);
  const names = settings.columnNames;
  if (resource === undefined) {
    if (names === undefined) return settings;
    throw new UsageError(
      `--columns works with the lists that have columns: ${resourceTableCommands().join(', ')}.`,
    );
  }
  return { ...settings, resource, ...(names ? { chosen: chooseColumns(resource, names) } : {}) };
}
