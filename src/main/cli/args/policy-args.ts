import { UsageError } from './operation-args';
import { positionals } from './options';
import { TOP_OPTIONS_TABLE } from './global-options';
import { flagNames, optionsHelp, type OptionTable } from './option-spec';

/*
 * The words of `databridge policy`, without its code: the runner tells the command apart with
 * these and loads `commands/policy.ts` only for it.
 */

/** True when the command line is `policy ...`. */
export function isPolicyCommand(argv: readonly string[]): boolean {
  return positionals(argv)[0] === 'policy';
}

/** The options of `policy show`, each once: the parser, the help and completion read them. */
export const POLICY_OPTIONS = {
  json: { type: 'boolean', help: 'print it as JSON' },
  help: TOP_OPTIONS_TABLE.help,
} as const satisfies OptionTable;

/** `policy --help`. */
export const POLICY_HELP = `usage: databridge policy show [--json]

Prints the machine policy an organisation set on this computer: where it is read from, the
settings it locks (the app and the command line cannot change them) and defaults, and its own
rules (allowed services, whether changes and session kills are allowed, updates, the team
monitor). A policy that is not valid is ignored as a whole; show lists its problems.

${optionsHelp(POLICY_OPTIONS)}

Exit codes: 0 no policy or a valid one, 1 a policy that is not valid (ignored), 2 usage.`;

/** The options of `policy show`; throws UsageError for any other command line. */
export function parsePolicyArgs(argv: readonly string[]): { json: boolean } {
  const words = positionals(argv);
  const known = new Set(['-h', ...flagNames(POLICY_OPTIONS).map((name) => `--${name}`)]);
  const unknown = argv.filter((arg) => arg.startsWith('-') && !known.has(arg));
  if (words[1] !== 'show' || words.length > 2 || unknown.length > 0) {
    const what = unknown[0] ? `Unknown option ${unknown[0]}` : 'Unknown policy command';
    throw new UsageError(`${what}. The policy command is "databridge policy show [--json]".`);
  }
  return { json: argv.includes('--json') };
}
