import { UsageError } from '../cli-args';
import { OUTPUT_FORMATS, type OutputFormat } from './output-formats';

/*
 * `--output FORMAT` (`-o`) and `--query EXPR` on any command line. They are taken off the
 * command line before it is parsed, as the secret options are, so that the catalogue
 * operations and the transfer commands take them alike without each parser listing them.
 */

/** The output options as given, and the command line without them. */
export interface OutputArgs {
  readonly argv: string[];
  /** `--output` as given, not yet checked. */
  readonly format?: string;
  /** `--query` as given, not yet compiled. */
  readonly query?: string;
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
  /** The width a table fits into. */
  readonly columns: number;
  /** The compiled `--query`, applied to the answer before it is formatted. */
  readonly query?: (value: unknown) => unknown;
  /** `--output` or `--query` was given (the `--json` progress lines refuse both). */
  readonly given: boolean;
}

/** The width of a table when the terminal does not tell it (a pipe, a CI log). */
export const DEFAULT_COLUMNS = 100;

const NAMES = { '--output': 'format', '-o': 'format', '--query': 'query' } as const;

/** Takes `--output`/`-o` and `--query` off `argv` (the last one given wins). */
export function takeOutputArgs(argv: readonly string[]): OutputArgs {
  const rest: string[] = [];
  const found: { format?: string; query?: string } = {};
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
  return name === '--query'
    ? '--query needs a JMESPath expression, e.g. --query "[].name".'
    : `${name} needs a format: ${OUTPUT_FORMATS.join(', ')}.`;
}

/** The format `--output` names; without it a table for a terminal, JSON for a pipe. */
export function outputFormatOf(given: string | undefined, screen: OutputScreen): OutputFormat {
  if (given === undefined) return screen.stdoutIsTty === true ? 'table' : 'json';
  const format = OUTPUT_FORMATS.find((name) => name === given.trim().toLowerCase());
  if (format === undefined) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(', ')}; got "${given}".`);
  }
  return format;
}

/**
 * The settings of a run: the format checked and the query compiled, so that a bad one is a
 * usage error before anything is sent. The JMESPath library is loaded only for a query.
 */
export async function outputSettingsOf(
  args: OutputArgs,
  screen: OutputScreen,
): Promise<OutputSettings> {
  const format = outputFormatOf(args.format, screen);
  const width = screen.columns;
  const columns = width !== undefined && width > 0 ? Math.floor(width) : DEFAULT_COLUMNS;
  const given = args.format !== undefined || args.query !== undefined;
  if (args.query === undefined) return { format, columns, given };
  const { compileQuery } = await import('./output-query');
  return { format, columns, given, query: compileQuery(args.query) };
}
