import { fileTypeByExtension } from '../contract/enums';

/*
 * Parameters whose numeric codes the `databridge` command line also takes by name, e.g.
 * `--exportTo bak` for `--exportTo 1`. Shell completion offers the names and "Copy as
 * command" writes them, so a command reads as what it does.
 */

/** Parameter name to its names and the code each stands for. */
const CLI_VALUE_NAMES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  exportTo: fileTypeByExtension,
};

/** The name the CLI takes for `value` of parameter `name`, or undefined when it has none. */
export function cliValueName(name: string, value: unknown): string | undefined {
  const names = CLI_VALUE_NAMES[name];
  const isCode = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
  if (names === undefined || !isCode) return undefined;
  return Object.keys(names).find((key) => names[key] === Number(value));
}
