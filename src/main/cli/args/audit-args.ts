import { parseArgs } from 'node:util';
import { UsageError } from './operation-args';
import { positionals } from './options';
import { CONNECTION_OPTIONS_TABLE, TOP_OPTIONS_TABLE } from './global-options';
import { optionsHelp, type OptionTable } from './option-spec';

/*
 * `databridge audit list`: the command line of the audit trail's read, parsed without the
 * services (a refused command line answers before they load).
 */

/** A parsed `audit` command line. */
export type AuditCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'list';
      readonly since?: string;
      readonly operations?: readonly string[];
      readonly target?: string;
      readonly outcome?: 'ok' | 'failed' | 'unknown';
      /** Only the session kills (the kill log). */
      readonly kills: boolean;
      /** CSV and TSV with the chain's fields (seq, v, prev, hash). */
      readonly chain: boolean;
      readonly dataDir?: string;
    };

/** True when the command line is an `audit` command (no catalogue group is named so). */
export function isAuditCommand(argv: readonly string[]): boolean {
  return positionals(argv)[0] === 'audit';
}

/** The options of `audit list`, each once: the parser, the help and completion read them. */
export const AUDIT_OPTIONS = {
  since: {
    type: 'string',
    value: 'SPAN|DATE',
    help: 'actions from 30m, 12h, 7d or 2w ago, or from a date (2026-11-01)',
  },
  operation: {
    type: 'string',
    multiple: true,
    value: 'ID',
    help: 'actions with a call of this operation (e.g. databases.drop); repeat\nfor more',
  },
  target: {
    type: 'string',
    value: 'TEXT',
    help: 'actions whose instance, database, login or job names contain TEXT',
  },
  outcome: {
    type: 'string',
    value: 'ok|failed|unknown',
    complete: ['ok', 'failed', 'unknown'],
    help: `actions that succeeded, failed, or are not known to have ended (the
program stopped after sending a change, or it is still running)`,
  },
  kills: { type: 'boolean', help: 'only session kills (sessions.kill, sessions.killByDatabase)' },
  chain: {
    type: 'boolean',
    help: "with --output csv or tsv: the chain's fields too (seq, v, prev, hash)",
  },
  'data-dir': CONNECTION_OPTIONS_TABLE['data-dir'],
  help: TOP_OPTIONS_TABLE.help,
} as const satisfies OptionTable;

/** `audit --help`. */
export const AUDIT_HELP = `usage: databridge audit list [--since 7d] [--operation ID] [--target TEXT]
                           [--outcome ok|failed|unknown] [--kills] [--chain]
                           [--data-dir DIR] [--output table|json|jsonl|csv|tsv]

Lists what was done from this machine, by the app and by the command line, oldest first, one
user action a row: an import (its upload's start and completion, then the import), an export,
a download of an archive, a bulk action of the app, or one operation alone. Its columns are
Time, Who, Action, Target and Outcome (succeeded, failed and why, outcome unknown, or in
progress); the calls of an action of several are listed under it, indented, each with its own
target (″ where it is the action's) and outcome, and what failed or the job a call started on
a line under it. The trail's chain is verified first: a trail that does not verify is
reported (exit code 1) with every record before the damage; the damaged part is moved aside as
audit-<time>.damaged.jsonl, and a new chain records it.

A change is recorded before it is sent (an "intent" record) and again when it ends (a "call"
record with the same intentId). A change that cannot be recorded first is not sent (error
AUDIT_UNAVAILABLE) unless DATABRIDGE_AUDIT_ON_FAILURE=continue lets it go ahead with a warning.
An intent with no call record is a change whose outcome never came: the run was killed or
crashed after sending it (sent in the last five minutes, it may still be on its way: in
progress); stderr counts them.

${optionsHelp(AUDIT_OPTIONS)}

  --output json keeps every record: each action with its words and "calls", its records in
  order (a call, its intent when no outcome came, its job's end), chain fields included.
  --output csv and tsv are a line per record beside its action's words, with the call's
  target and inputs as name=value pairs (no JSON in a cell). --query applies to the JSON.`;

/** Parses `audit ...` (the words after `databridge`). Throws {@link UsageError}. */
export function parseAuditArgs(argv: readonly string[]): AuditCommand {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/[.\s]+$/, '')}. See audit --help.`);
  }
  const { values, positionals: words } = parsed;
  if (values.help) return { kind: 'help' };
  if (words[1] !== 'list' || words.length > 2) {
    throw new UsageError('Say "audit list" (see audit --help).');
  }
  const outcome = values.outcome;
  if (outcome !== undefined && outcome !== 'ok' && outcome !== 'failed' && outcome !== 'unknown') {
    throw new UsageError('--outcome must be ok, failed or unknown.');
  }
  return {
    kind: 'list',
    kills: values.kills === true,
    chain: values.chain === true,
    ...(values.since === undefined ? {} : { since: values.since }),
    ...(values.operation === undefined ? {} : { operations: values.operation }),
    ...(values.target === undefined ? {} : { target: values.target }),
    ...(outcome === undefined ? {} : { outcome }),
    ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
  };
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: AUDIT_OPTIONS,
  });
}
