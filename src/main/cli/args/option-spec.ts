import type { ParseArgsOptionsConfig } from 'node:util';
import type { CompletionOption } from '../completion/completion-model';

/*
 * How one option of the command line is declared: once, with what the parser needs (its type),
 * what the help shows (the value's name and what it does) and what completion offers. The
 * parsers, the help texts and the completion model are derived from tables of these, so an
 * option is added with one entry, and a test holds that every entry parses, is documented and
 * completes. Nothing here imports the catalogue: `--help` is answered from these alone.
 */

/** One option: `--name VALUE` (`type: 'string'`) or a flag `--name` (`type: 'boolean'`). */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** A one-letter form, e.g. `o` for `-o`. */
  readonly short?: string;
  /** Given more than once, every value is kept (`--profile A --profile B`). */
  readonly multiple?: boolean;
  /** The value's name in the help: FILE, URL, SECONDS (options with a value only). */
  readonly value?: string;
  /** What completion offers for the value: a closed list, a file or folder, else free text. */
  readonly complete?: 'path' | readonly string[];
  /** What the option does, as the help shows it: lines of at most 62 characters. */
  readonly help: string;
}

/** Options by name, without the leading `--`. */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** The names of a table's options that take a value. */
export type ValueOptionOf<T extends OptionTable> = {
  [K in keyof T]: T[K]['type'] extends 'string' ? K : never;
}[keyof T] &
  string;

/** The names of a table's flags. */
export type FlagOptionOf<T extends OptionTable> = {
  [K in keyof T]: T[K]['type'] extends 'boolean' ? K : never;
}[keyof T] &
  string;

/** The names of the options of `table` that take a value. */
export function valueNames<T extends OptionTable>(table: T): ValueOptionOf<T>[] {
  return Object.keys(table).filter((name) => table[name]?.type === 'string') as ValueOptionOf<T>[];
}

/** The names of the flags of `table`. */
export function flagNames<T extends OptionTable>(table: T): FlagOptionOf<T>[] {
  return Object.keys(table).filter((name) => table[name]?.type === 'boolean') as FlagOptionOf<T>[];
}

/** What node's `parseArgs` is given for the options of `table`. */
export function parseConfigOf(table: OptionTable): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = {};
  for (const [name, spec] of Object.entries(table)) {
    config[name] = {
      type: spec.type,
      ...(spec.short ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    };
  }
  return config;
}

/** The options of `table` as completion offers them. */
export function completionOptionsOf(table: OptionTable): CompletionOption[] {
  return Object.entries(table).map(([name, spec]): CompletionOption => {
    if (spec.type === 'boolean') return { name };
    if (spec.complete === 'path') return { name, value: { kind: 'path' } };
    if (spec.complete) return { name, value: { kind: 'values', values: [...spec.complete] } };
    return { name, value: { kind: 'text' } };
  });
}

/** Where an option's help starts on its line. */
const HELP_COLUMN = 27;

/** How an option is written in the help: `-o, --output FORMAT`, `--yes`. */
export function optionUsage(name: string, spec: OptionSpec): string {
  const short = spec.short ? `-${spec.short}, ` : '';
  const value = spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : '';
  return `${short}--${name}${value}`;
}

/**
 * The help of the options of `table`, one entry each: the option and its value's name, then
 * what it does, lined up (on the next line when the option is too long to share one).
 */
export function optionsHelp(table: OptionTable, indent = '  '): string {
  const pad = ' '.repeat(HELP_COLUMN);
  return Object.entries(table)
    .map(([name, spec]) => {
      const head = `${indent}${optionUsage(name, spec)}`;
      const [first = '', ...rest] = spec.help.split('\n');
      const lines = rest.map((line) => pad + line);
      if (head.length + 1 < HELP_COLUMN) return [head.padEnd(HELP_COLUMN) + first, ...lines];
      return [head, pad + first, ...lines];
    })
    .map((lines) => lines.join('\n'))
    .join('\n');
}

/** The entries of `table` named in `names`, in that order. */
export function pickOptions<T extends OptionTable, K extends keyof T & string>(
  table: T,
  names: readonly K[],
): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const name of names) picked[name] = table[name];
  return picked as Pick<T, K>;
}
