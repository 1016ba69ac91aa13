import { defaultDataDir } from '../../services/config/app-paths';
import type { AuditFilter, AuditList } from '../../../shared/model/audit';
import { groupActions, type AuditActionGroup } from '../../../shared/model/audit-actions';
import { anchorWords, verdictWords } from '../../../shared/model/audit-words';
import { causeOf } from '../../services/audit/audit-failure';
import { sinceInstant } from '../../services/audit/audit-filter';
import { listKills } from '../../services/audit/audit-setup';
import { trailOf } from '../../app/service-wiring';
import { CommandOsLog } from '../../services/audit/os-log';
import { silentLogger } from '../../services/log/logger';
import type { SecretStore } from '../../services/secrets/secret-store';
import { QueryFailedError, UsageError } from '../args/operation-args';
import { AUDIT_HELP, parseAuditArgs, type AuditCommand } from '../args/audit-args';
import { EXIT, failureLine, failureOf } from '../output/exit-codes';
import { DEFAULT_COLUMNS, type OutputSettings } from '../output/output-args';
import { renderDelimited } from '../output/output-delimited';
import { renderAnswer, type RenderedAnswer } from '../output/output-render';
import { auditDelimitedRows, auditJson, renderAuditTable } from '../output/audit-output';

/** What `audit list` talks to. */
export interface AuditCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How the records are printed (--output, --query); indented JSON when absent. */
  readonly output?: OutputSettings;
  readonly now?: () => Date;
  /**
   * The keychain that holds the trail's key and anchor (the CLI's keytar adapter); none: the
   * trail is read unkeyed, its anchor unchecked.
   */
  readonly secretStore?: () => SecretStore;
}

/**
 * `databridge audit list`: the user actions of the data folder's trail that match, each with
 * its calls (output/audit-output.ts says how each format prints them; --query applies to the
 * JSON). Exit code 1 when the trail did not verify (the actions are still printed, and stderr
 * says what was found and moved aside) or --query failed on them. A trail read without the
 * keychain (it did not answer) is listed with a note on stderr saying what could not be
 * checked; the exit code stays.
 */
export async function runAuditCli(argv: readonly string[], io: AuditCliIo): Promise<number> {
  let command: AuditCommand;
  let filter: AuditFilter;
  try {
    command = parseAuditArgs(argv);
    if (command.kind === 'help') {
      io.stdout(AUDIT_HELP + '\n');
      return EXIT.ok;
    }
    filter = filterOf(command, (io.now ?? (() => new Date()))());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`usage: ${error.message}\n`);
    return EXIT.usage;
  }
  const dataDir = command.dataDir ?? defaultDataDir(process.platform, io.env);
  const trail = trailOf({
    dataDir,
    logger: silentLogger,
    ...(io.secretStore ? { secretStore: io.secretStore() } : {}),
    // A read that finds damage records it in a new chain: that record goes to the OS log too.
    osLog: new CommandOsLog({ platform: process.platform }),
  });
  let list: AuditList;
  try {
    list = command.kills ? await listKills(trail, filter) : await trail.list(filter);
  } catch (error) {
    io.stderr(
      `error: the audit trail (${trail.dir}) could not be read: ${causeOf(error)}. Fix it (see the cause) and run audit list again.\n`,
    );
    return EXIT.failed;
  }
  const now = (io.now ?? (() => new Date()))().getTime();
  const printed = printActions(groupActions(list.records, now), command.chain, io);
  const unknown = list.records.filter((record) => record.type === 'intent');
  if (unknown.length > 0) {
    io.stderr(
      `note: ${unknown.length} change(s) were sent but their outcome never came (the run stopped after sending): seq ${unknown.map((r) => r.seq).join(', ')}. Check them on the service.\n`,
    );
  }
  const unchecked = anchorWords(list.anchor);
  if (unchecked) io.stderr(`note: ${unchecked}\n`);
  if (list.verdict.status === 'ok') return printed ? EXIT.ok : EXIT.failed;
  const moved = list.movedAside.length > 0 ? ` Moved aside: ${list.movedAside.join(', ')}.` : '';
  io.stderr(
    `warning: the audit trail did not verify (${JSON.stringify(list.verdict)}): ${verdictWords(list.verdict) ?? ''}${moved} The records that verified are listed; a new chain records it.\n`,
  );
  return EXIT.failed;
}

/** Prints the actions as --output and --query say; false when --query failed on them. */
function printActions(
  actions: readonly AuditActionGroup[],
  chain: boolean,
  io: AuditCliIo,
): boolean {
  try {
    const rendered = renderActions(actions, chain, io.output);
    if (rendered.stderr !== undefined) io.stderr(rendered.stderr);
    io.stdout(rendered.stdout);
    return true;
  } catch (error) {
    if (!(error instanceof QueryFailedError)) throw error;
    io.stderr(failureLine(failureOf(error), (text) => text));
    return false;
  }
}

/**
 * The actions as text: a table of actions, a line per record in CSV and TSV, else (and for
 * every --query, which picks from the JSON) the JSON of the actions with all their records.
 */
function renderActions(
  actions: readonly AuditActionGroup[],
  chain: boolean,
  output: OutputSettings | undefined,
): RenderedAnswer {
  const format = output?.query ? 'json' : output?.format;
  if (format === 'table' || format === 'wide') {
    const table = renderAuditTable(actions, output?.width ?? DEFAULT_COLUMNS);
    return table.note === undefined
      ? { stdout: table.text }
      : { stdout: table.text, stderr: `${table.note}\n` };
  }
  if (format === 'csv' || format === 'tsv') {
    return { stdout: renderDelimited(auditDelimitedRows(actions, chain), format) };
  }
  return renderAnswer(auditJson(actions), output);
}

function filterOf(command: Extract<AuditCommand, { kind: 'list' }>, now: Date): AuditFilter {
  let since: string | undefined;
  if (command.since !== undefined) {
    since = sinceInstant(command.since, now);
    if (since === undefined) {
      throw new UsageError('--since takes a span such as 30m, 12h, 7d or 2w, or a date.');
    }
  }
  return {
    ...(since ? { since } : {}),
    ...(command.operations ? { operations: [...command.operations] } : {}),
    ...(command.target === undefined ? {} : { target: command.target }),
    ...(command.outcome ? { outcome: command.outcome } : {}),
  };
}
