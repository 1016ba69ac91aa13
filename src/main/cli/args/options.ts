import {
  CONNECTION_OPTIONS_TABLE,
  GLOBAL_OPTIONS,
  type OPERATION_OPTIONS_TABLE,
} from './global-options';
import { valueNames, type FlagOptionOf, type ValueOptionOf } from './option-spec';

/*
 * The options of a catalogue operation's command line as the parser groups them, read from the
 * option table (args/global-options.ts), and how to find the command words without the
 * catalogue: `--help` and `--version` are answered from these alone.
 */

/** How to connect: the connection options that take a value. */
export const CONNECTION_OPTIONS = valueNames(CONNECTION_OPTIONS_TABLE);

type ValueOption =
  ValueOptionOf<typeof CONNECTION_OPTIONS_TABLE> | ValueOptionOf<typeof OPERATION_OPTIONS_TABLE>;
type FlagOption =
  FlagOptionOf<typeof CONNECTION_OPTIONS_TABLE> | FlagOptionOf<typeof OPERATION_OPTIONS_TABLE>;
/** The options of a run besides the operation's parameters (connection, output). */
export type RunOptions = Partial<Record<ValueOption, string>> &
  Partial<Record<FlagOption | 'help', boolean>>;

/** Every name the command line gives a meaning of its own (a body field cannot be one). */
export const GLOBAL_OPTION_NAMES: readonly string[] = Object.keys(GLOBAL_OPTIONS);

/** The names and short forms of the table's flags, read once. */
const FLAGS: ReadonlySet<string> = new Set(
  Object.entries(GLOBAL_OPTIONS as Readonly<Record<string, { type: string; short?: string }>>)
    .filter(([, option]) => option.type === 'boolean')
    .flatMap(([name, option]) => (option.short ? [name, option.short] : [name])),
);

/** True for an option that takes no value: the table's flags, and any `--no-NAME`. */
function isFlag(name: string): boolean {
  return FLAGS.has(name) || name.startsWith('no-');
}

/** The words of the command line that are not options or option values. */
export function positionals(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('-')) {
      const name = arg.replace(/^-+/, '');
      // Every option takes a value except the flags (and `--name=value` carries its own, as
      // a short option does when written together with it: `-ojson`).
      const carriesValue = name.includes('=') || /^-[^-]./.test(arg);
      if (!carriesValue && !isFlag(name)) i += 1;
      continue;
    }
    words.push(arg);
  }
  return words;
}
