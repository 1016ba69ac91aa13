/*
 * What shell completion knows of the command line: the groups and commands, the options of
 * each, and the values an option takes when they are a closed list. Plain data, so the
 * generators (one per shell) are pure functions of it, and so the bundle can carry it
 * (scripts/build-cli.mjs) and `databridge completion` answers without building the catalogue.
 */

/** What an option's value completes to. */
export type CompletionValue =
  /** A closed list of values (an enum of the schema, booleans, regions). */
  | { readonly kind: 'values'; readonly values: readonly string[] }
  /** A file or folder of the machine. */
  | { readonly kind: 'path' }
  /** Anything; nothing to offer. */
  | { readonly kind: 'text' };

/** One option: `--name`, a flag or with a value. */
export interface CompletionOption {
  readonly name: string;
  /** Undefined for a flag. */
  readonly value?: CompletionValue;
}

/** One command: `databases list` (group `databases`) or `import` (no group). */
export interface CompletionCommand {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly CompletionOption[];
  /** What its positional arguments complete to (`import FILE`, `completion SHELL`). */
  readonly argument?: CompletionValue;
}

/** A group of commands, e.g. `databases`. */
export interface CompletionGroup {
  readonly name: string;
  readonly commands: readonly CompletionCommand[];
}

/** Everything completion offers. */
export interface CompletionModel {
  readonly groups: readonly CompletionGroup[];
  /** Commands without a group: `import`, `export`, `completion`. */
  readonly commands: readonly CompletionCommand[];
  /** Options of the command line before a command is named (`--help`, `--version`). */
  readonly globalOptions: readonly CompletionOption[];
}

/** The shells `databridge completion` writes a script for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
/** A shell `databridge completion` writes a script for. */
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** The key of a command in the scripts: `databases.list`, or `import`. */
function commandKey(group: string | undefined, command: string): string {
  return group === undefined ? command : `${group}.${command}`;
}

/** Every command with its key, grouped ones first. */
export function keyedCommands(
  model: CompletionModel,
): { key: string; group?: string; command: CompletionCommand }[] {
  return [
    ...model.groups.flatMap((group) =>
      group.commands.map((command) => ({
        key: commandKey(group.name, command.name),
        group: group.name,
        command,
      })),
    ),
    ...model.commands.map((command) => ({ key: command.name, command })),
  ];
}

/** Every option name that takes a value, over all commands (how scripts skip values). */
export function valueOptionNames(model: CompletionModel): string[] {
  const names = new Set<string>();
  for (const { command } of keyedCommands(model)) {
    for (const option of command.options) if (option.value) names.add(option.name);
  }
  return [...names].sort();
}

/** One line of an option-value table: for the command `key`, or for every command. */
export interface ValueCase {
  /** Undefined: the value the option has in most commands (connection options: all). */
  readonly key?: string;
  readonly name: string;
  readonly value: CompletionValue;
}

/**
 * The option values as a table for the scripts: one line per option for the value most
 * commands give it, and a line of its own for each command that differs, so that the
 * connection options are written once rather than once per command. Free text is left out.
 */
export function valueCases(model: CompletionModel): ValueCase[] {
  const commands = keyedCommands(model);
  const counts = new Map<string, Map<string, number>>();
  for (const { command } of commands) {
    for (const option of command.options) {
      if (!option.value) continue;
      const seen = counts.get(option.name) ?? new Map<string, number>();
      const json = JSON.stringify(option.value);
      seen.set(json, (seen.get(json) ?? 0) + 1);
      counts.set(option.name, seen);
    }
  }
  const usual = new Map<string, string>();
  for (const [name, seen] of counts) {
    const [best] = [...seen].sort((a, b) => b[1] - a[1]);
    if (best) usual.set(name, best[0]);
  }
  const cases: ValueCase[] = [];
  for (const { key, command } of commands) {
    for (const option of command.options) {
      const differs = option.value && JSON.stringify(option.value) !== usual.get(option.name);
      if (differs && option.value) cases.push({ key, name: option.name, value: option.value });
    }
  }
  for (const [name, json] of usual) {
    cases.push({ name, value: JSON.parse(json) as CompletionValue });
  }
  // A command's own line comes first: the scripts take the first that matches.
  return cases.filter((line) => line.value.kind !== 'text' || line.key !== undefined);
}
