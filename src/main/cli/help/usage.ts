import {
  CONNECTION_OPTIONS_TABLE,
  LIST_OPTIONS_TABLE,
  OPERATION_OPTIONS_TABLE,
  OUTPUT_OPTIONS_TABLE,
} from '../args/global-options';
import { optionsHelp, pickOptions } from '../args/option-spec';
import { TRANSFER_OPTIONS } from '../args/transfer-options';

/*
 * The top-level help of `databridge`. Nothing here imports the catalogue: the help lists the
 * operations from summaries handed in (written into the bundle when it is built, see
 * build-info.ts), so `databridge --help` answers without loading the catalogue's schemas.
 */

/** What the top-level help shows of one operation. */
export interface OperationSummary {
  readonly id: string;
  readonly group: string;
  readonly summary: string;
}

/** The summaries of catalogue operations, in the catalogue's order. */
export function summariesOf(operations: readonly OperationSummary[]): OperationSummary[] {
  return operations.map(({ id, group, summary }) => ({ id, group, summary }));
}

/** The exit codes as `--help` lists them (the table is EXIT in output/exit-codes.ts). */
export const EXIT_CODES_HELP = `Exit codes:
  0    done (the operation answered, the transfer ended, the job succeeded)
  1    the service or the CLI could not do it (not found, conflict, unexpected answer);
       a full disk (DISK_FULL): a transfer waits in its journal until space is freed;
       --query failed on the answer (QUERY_FAILED): the command itself ran
  2    invalid input: a bad command line or parameter (VALIDATION), a --query that is not
       JMESPath; a removal not confirmed (no --yes off a terminal, or not confirmed on
       one); nothing was sent for it
  3    sign-in: API key or password missing or refused, sign-in expired, role not allowed,
       or not allowed by the organisation's machine policy (a service, a change, a session
       kill); nothing was sent (AUTH_REQUIRED, AUTH_EXPIRED, FORBIDDEN, KEYCHAIN_UNAVAILABLE)
  4    network: the service could not be reached or stayed unavailable or busy
       (NETWORK, UNAVAILABLE, RATE_LIMITED); a transfer waits in its journal
  5    the job failed (JOB_FAILED)
  130  stopped with Ctrl+C; a transfer waits in its journal
  141  the reader of the output went away (| head -1): the rest was not printed, as the
       shell reports any program whose pipe closed (128 + SIGPIPE)`;

const USAGE = `Usage: databridge <group> <operation> [--param value ...] [connection options]
       databridge <group>.<operation> ...        (the catalogue operation id)
       databridge <group> <operation> --help     (the parameters of one operation)
       databridge --version
       databridge completion bash|zsh|fish|powershell
                                                 (shell completion; "databridge completion --help")
       databridge monitor serve [--profile NAME ...] [--listen HOST:PORT] ...
                                                 (the monitor as a service for Prometheus;
                                                 "databridge monitor serve --help")
       databridge policy show [--json]           (the organisation's machine policy in force;
                                                 "databridge policy --help")
       databridge diagnostics --out FILE [--force]
                                                 (a zip for support: versions, settings,
                                                 connections, log, journals, proxy and a
                                                 check of each host; never a secret;
                                                 "databridge diagnostics --help")

Transfers (the app's transfer engine, resumable; "databridge import --help" and so on):
  import FILE --instanceName I [--databaseName D] [--groupIds G,...] [--wait]
                           upload a .bak, .mdf or .dacpac file, then start the import job
  export --instanceName I --databaseName D --exportTo mdf|bak|dacpac [--detachOnly] --to DIR
                           run the export job, then download every file into DIR
  archives download --instanceName I --archiveId A --to DIR
                           download every file of an archive into DIR
  jobs wait --instanceName I --jobId J
                           follow a job until it ends
${optionsHelp(pickOptions(TRANSFER_OPTIONS, ['bandwidth', 'min-speed']))}
  e.g. databridge archives download --instanceName sql-eu-prod-01 --archiveId 7d1e... \\
         --to ./archives

Connection (one of --profile, --base-url, --region; --profile with either is refused):
${optionsHelp(CONNECTION_OPTIONS_TABLE)}

Parameters ("databridge <group> <operation> --help" lists an operation's, with examples):
  --<name> VALUE           a path parameter, query parameter or header of the operation, by
                           its name in the catalogue: --instanceName sql-eu-prod-01 --sort "name ASC"
  --<field> VALUE          a field of the JSON body, by its name: --databaseName Sales_2026;
                           a boolean is --<field> or --no-<field>, a list A,B (or repeated, or
                           a JSON array), a nested value JSON; a secret (a login's password)
                           only in --body
${optionsHelp(OPERATION_OPTIONS_TABLE)}

Lists:
${optionsHelp(LIST_OPTIONS_TABLE)}

Output:
${optionsHelp(OUTPUT_OPTIONS_TABLE)}
  Errors go to stderr as "error CODE: message", with the exit codes below.
  Keep secrets off the command line, which other users of the machine can see and the
  shell's history keeps: DATABRIDGE_API_KEY, --api-key-stdin or --profile for an API key,
  DATABRIDGE_PASSWORD or --password-stdin for a password.

${EXIT_CODES_HELP}`;

/** The full help: usage and every operation with its summary, by group. */
export function usageHelp(operations: readonly OperationSummary[]): string {
  const width = Math.max(...operations.map((op) => op.id.length)) + 2;
  const groups = new Map<string, OperationSummary[]>();
  for (const op of operations) groups.set(op.group, [...(groups.get(op.group) ?? []), op]);
  const lines = [USAGE, '', `Operations (${operations.length}):`];
  for (const [group, ops] of groups) {
    lines.push('', `  ${group}`);
    for (const op of ops) lines.push(`    ${op.id.padEnd(width)}${op.summary}`);
  }
  return lines.join('\n');
}
