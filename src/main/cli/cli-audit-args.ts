import { parseArgs } from 'node:util';
import { UsageError } from './cli-args';
import { positionals } from './cli-options';

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
      readonly dataDir?: string;
    };

/** True when the command line is an `audit` command (no catalogue group is named so). */
export function isAuditCommand(argv: readonly string[]): boolean {
  return positionals(argv)[0] === 'audit';
}

/** `audit --help`. */
export const AUDIT_HELP = `usage: databridge audit list [--since 7d] [--operation ID] [--target TEXT]
                           [--outcome ok|failed|unknown] [--kills] [--data-dir DIR]

Lists the changes made from this machine, by the app and by the command line, oldest first,
after verifying the trail's chain. A trail that does not verify is reported (exit code 1) with
every record before the damage; the damaged part is moved aside as audit-<time>.damaged.jsonl,
and a new chain records it.

A change is recorded before it is sent (an "intent" record) and again when it ends (a "call"
record with the same intentId). A change that cannot be recorded first is not sent (error
AUDIT_UNAVAILABLE) unless DATABRIDGE_AUDIT_ON_FAILURE=continue lets it go ahead with a warning.
An intent with no call record is a change whose outcome never came: the run was killed or
crashed after sending it; the list shows it as such and stderr counts them.

  --since SPAN|DATE   records from 30m, 12h, 7d or 2w ago, or from a date (2026-11-01)
  --operation ID      records of this operation (e.g. databases.drop); repeat for more
  --target TEXT       records whose instance, database, login or job names contain TEXT
  --outcome ok|failed|unknown
                      records of calls that succeeded, failed, or whose outcome
                      never came (the program stopped after sending them)
  --kills             only session kills (sessions.kill, sessions.killByDatabase)
  --data-dir DIR      the app's data folder (default: the platform's, as the app uses)`;

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
    options: {
      since: { type: 'string' },
      operation: { type: 'string', multiple: true },
      target: { type: 'string' },
      outcome: { type: 'string' },
      kills: { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
