import { SERVICE_LIMITS } from '../services/http/service-limits';

/*
 * The top-level help of `databridge`. Nothing here imports the catalogue: the help lists the
 * operations from summaries handed in (written into the bundle when it is built, see
 * cli-build-info.ts), so `databridge --help` answers without loading the catalogue's schemas.
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

/** The exit codes as `--help` lists them (the table is EXIT in cli-exit-codes.ts). */
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
  --bandwidth MIBPS        (import, export, archives download) at most this many MiB/s,
                           0.1 to 10000, as the app's bandwidth limit (default: no limit)
  --min-speed KIBPS        (the same) a request slower than this over 60 s is tried again,
                           0 (off) to 1024, as the app's minimum speed (default 1)
  e.g. databridge archives download --instanceName sql-eu-prod-01 --archiveId 7d1e... \\
         --to ./archives

Connection (one of; --profile with --base-url or --region is refused):
  --profile NAME           a saved connection of the app; its secret comes from the keychain,
                           or for this command from --api-key-stdin (never from
                           DATABRIDGE_API_KEY, which may be another service's key)
    --data-dir DIR         the app's data folder (default: the platform's, as the app uses)
  --base-url URL           the service, e.g. http://127.0.0.1:7420/databridge (the emulator)
  --region EU|US           a region of the service instead of --base-url (default EU)
  and a sign-in:
    DATABRIDGE_API_KEY     the API key, from the environment
    --api-key-stdin        the API key, read from standard input: a pipe or a file, e.g.
                           databridge instances list --api-key-stdin < ~/.databridge-key
    --api-key KEY          the API key on the command line (a warning: it stays in the
                           shell's history and shows in the process list)
    --tenant T --user U --password P
                           token sign-in (password also from DATABRIDGE_PASSWORD, or
                           --password-stdin: read from standard input)
  --proxy URL              HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, with NO_PROXY)
  --proxy-pac URL          a PAC file choosing the proxy per host (--proxy wins over it; it
                           wins over HTTPS_PROXY). A proxy asking for Basic credentials is
                           answered from the keychain, else from DATABRIDGE_PROXY_USER and
                           DATABRIDGE_PROXY_PASSWORD, else asked once at the terminal (then
                           kept in the keychain)
  --timeout SECONDS        time allowed for each operation of the service, retries included
                           (default ${SERVICE_LIMITS.deadlineMs / 1000}); file transfers are not bound by it
  --read-only              refuse every operation that changes something

Parameters ("databridge <group> <operation> --help" lists an operation's, with examples):
  --<name> VALUE           a path parameter, query parameter or header of the operation, by
                           its name in the catalogue: --instanceName sql-eu-prod-01 --sort "name ASC"
  --<field> VALUE          a field of the JSON body, by its name: --databaseName Sales_2026;
                           a boolean is --<field> or --no-<field>, a list A,B (or repeated, or
                           a JSON array), a nested value JSON; a secret (a login's password)
                           only in --body
  --body JSON | @FILE      the JSON body, inline or from a file, merged with the fields given
                           as flags (a field given both ways is refused)
  --body-file FILE         the raw bytes of an upload part (uploads putPart)
  --wait | --no-wait       an operation that starts a job: follow the job to its end, print it
                           and exit as it ended (0, or 5 if it failed); or print its jobId at
                           once (--no-wait, the default)
  --yes                    confirm an operation that removes something (a drop, a delete, a
                           session kill, an allow-list or security-group removal): on a
                           terminal the command asks first (the database's name for a drop);
                           from a script it is refused without --yes (exit 2)
  --all-instances          a list of one instance (databases list, jobs list, sessions list,
                           ...) run on every instance; each record gets its instanceName
  --status S[,S]  --since 30m|24h|7d  --blocking
                           keep the listed records with that status (jobs: Failed, ...),
                           created or ended that recently, or in a blocking chain (sessions)

Output:
  -o, --output FORMAT      how the answer is printed (default: table on a terminal, json
                           when stdout is a pipe or a file):
                             table  columns fitted to the terminal (COLUMNS or its width),
                                    sizes in KiB/MiB/GiB, times as 2026-11-27 14:03:05; the
                                    columns that name a row (instance, name, job id, session,
                                    blocked by) always shown, the others left out to fit are
                                    named on stderr; one record: field, value
                             wide   the table with every column, whatever the width
                             json   indented JSON         jsonl  one JSON value per line
                             tsv    header row, then one record per line, raw values
                             csv    the same, quoted as RFC 4180 says
  --query EXPR             a JMESPath expression applied to the answer before --output,
                           e.g. --query "[?status=='Online'].name" (https://jmespath.site)
  --columns A,B,...        the columns of a list's table, in that order (a table even when
                           piped); a wrong name lists the list's columns, e.g.
                           databridge databases list --all-instances --columns size,status
  --headers prints { status, headers, data } instead of the answer alone.
  --verbose logs requests to stderr (secrets redacted).
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
