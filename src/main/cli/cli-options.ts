/*
 * The options every command line takes, and how to find its command words, without the
 * catalogue: `--help` and `--version` are answered from these alone, before the catalogue's
 * schemas are loaded.
 */

/** How to connect: options every command takes (each with a value). */
export const CONNECTION_OPTIONS = [
  'profile',
  'data-dir',
  'base-url',
  'region',
  'api-key',
  'tenant',
  'user',
  'password',
  'proxy',
  'proxy-pac',
  'timeout',
] as const;

/** Options that take a value, besides the operation's own parameters. */
export const VALUE_OPTIONS = [...CONNECTION_OPTIONS, 'body', 'body-file'] as const;
/** Flags. */
export const FLAG_OPTIONS = ['help', 'headers', 'verbose', 'read-only'] as const;
/**
 * Flags of some operations only: `--wait` and `--no-wait` of those that start a job, `--yes`
 * of those that destroy something (the parser says which take them).
 */
export const OPERATION_FLAGS = ['wait', 'no-wait', 'yes'] as const;

type ValueOption = (typeof VALUE_OPTIONS)[number];
type FlagOption = (typeof FLAG_OPTIONS)[number] | (typeof OPERATION_FLAGS)[number];
/** The options of a run besides the operation's parameters (connection, output). */
export type RunOptions = Partial<Record<ValueOption, string>> &
  Partial<Record<FlagOption, boolean>>;

/** True for an option that takes no value: the flags, and any `--no-NAME`. */
function isFlag(name: string): boolean {
  const flags: readonly string[] = [...FLAG_OPTIONS, ...OPERATION_FLAGS];
  return flags.includes(name) || name.startsWith('no-');
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
