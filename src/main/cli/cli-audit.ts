import { defaultDataDir } from '../services/config/app-paths';
import type { AuditFilter, AuditList, AuditRecord } from '../../shared/model/audit';
import { anchorWords, verdictWords } from '../../shared/model/audit-words';
import { causeOf } from '../services/audit/audit-failure';
import { sinceInstant } from '../services/audit/audit-filter';
import { listKills, openTrail } from '../services/audit/audit-setup';
import { CommandOsLog } from '../services/audit/os-log';
import { silentLogger } from '../services/log/logger';
import type { SecretStore } from '../services/secrets/secret-store';
import { QueryFailedError, UsageError } from './cli-args';
import { AUDIT_HELP, parseAuditArgs, type AuditCommand } from './cli-audit-args';
import { EXIT, failureLine, failureOf } from './cli-exit-codes';
import type { OutputSettings } from './output/output-args';
import { renderAnswer } from './output/output-render';

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
 * `databridge audit list`: the records of the data folder's trail that match, printed like
 * any answer (plain records, so --output and --query apply). Exit code 1 when the trail did
 * not verify (the records are still printed, and stderr says what was found and moved aside)
 * or --query failed on the records. A trail read without the keychain (it did not answer) is
 * listed with a note on stderr saying what could not be checked; the exit code stays.
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
  const trail = openTrail({
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
  const printed = printRecords(list.records, io);
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

/** Prints the records as --output and --query say; false when --query failed on them. */
function printRecords(records: readonly AuditRecord[], io: AuditCliIo): boolean {
  try {
    const rendered = renderAnswer(records, io.output);
    if (rendered.stderr !== undefined) io.stderr(rendered.stderr);
    io.stdout(rendered.stdout);
    return true;
  } catch (error) {
    if (!(error instanceof QueryFailedError)) throw error;
    io.stderr(failureLine(failureOf(error), (text) => text));
    return false;
  }
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
