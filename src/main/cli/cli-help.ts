import { catalogue, type Operation } from '../../shared/contract/catalogue';
import { SERVICE_LIMITS } from '../services/http/service-limits';
import { parameterNames } from './cli-args';
import { EXIT_CODES_HELP } from './cli-exit-codes';
import type { TransferCommandName } from './cli-transfer-args';

const USAGE = `Usage: npm run cli -- <group> <operation> [--param value ...] [connection options]
       npm run cli -- <group>.<operation> ...        (the catalogue operation id)
       npm run cli -- <group> <operation> --help     (the parameters of one operation)

Transfers (the app's transfer engine, resumable; "npm run cli -- import --help" and so on):
  import FILE --instanceName I [--databaseName D] [--groupIds G,...] [--wait]
                           upload a .bak, .mdf or .dacpac file, then start the import job
  export --instanceName I --databaseName D --exportTo 0|1|2 [--detachOnly] --to DIR
                           run the export job, then download every file into DIR
  archives download --instanceName I --archiveId A --to DIR
                           download every file of an archive into DIR
  jobs wait --instanceName I --jobId J
                           follow a job until it ends
  --bandwidth MIBPS        (import, export, archives download) at most this many MiB/s,
                           0.1 to 10000, as the app's bandwidth limit (default: no limit)
  e.g. npm run cli -- archives download --instanceName sql-eu-prod-01 --archiveId 7d1e... \\
         --to ./archives

Connection (one of):
  --profile NAME           a saved connection of the app; its secret comes from the keychain
    --data-dir DIR         the app's data folder (default: the platform's, as the app uses)
  --base-url URL           the service, e.g. http://127.0.0.1:7420/databridge (the emulator)
  --region EU|US           a region of the service instead of --base-url (default EU)
  and a sign-in:
    --api-key KEY          API key (or the environment variable DATABRIDGE_API_KEY)
    --tenant T --user U --password P
                           token sign-in (password also from DATABRIDGE_PASSWORD)
  --proxy URL              HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, with NO_PROXY)
  --timeout SECONDS        time allowed for each operation of the service, retries included
                           (default ${SERVICE_LIMITS.deadlineMs / 1000}); file transfers are not bound by it
  --read-only              refuse every operation that changes something

Parameters:
  --<name> VALUE           a path parameter, query parameter or header of the operation, by
                           its name in the catalogue: --instanceName sql-eu-prod-01 --sort "name ASC"
  --body JSON | @FILE      the JSON body, inline or from a file
  --body-file FILE         the raw bytes of an upload part (uploads putPart)

Output:
  The answer is printed as JSON. --headers prints { status, headers, data } instead.
  --verbose logs requests to stderr (secrets redacted).
  Errors go to stderr as "error CODE: message", with the exit codes below.
  Prefer the environment variables to --api-key/--password: command lines are visible to
  other users of the machine.

${EXIT_CODES_HELP}`;

const TRANSFER_OUTPUT = `Output:
  Progress goes to stderr: one line redrawn in place on a terminal (bytes, throughput, ETA,
  parts), a plain line every few seconds otherwise. --json prints instead one JSON line per
  progress tick on stdout ({"event":"progress"...}), then {"event":"result"...} or
  {"event":"error"...}. Without --json the result is printed as JSON on stdout.
  Pre-signed URLs and secrets are never printed.

Resume:
  Journals are kept in <data folder>/cli/transfers (--data-dir, default the app's data
  folder). Run the same command again after it was stopped (Ctrl+C, a lost network, a killed
  process): it resumes the unfinished transfer of the same connection, instance, database (or
  archive) and file or folder; an upload sends again at most the parts that were in flight, a
  download goes on from the bytes already in DIR. A transfer that failed starts anew.

Connection options as for every command (--profile, --base-url, --api-key, ...).`;

const TRANSFER_HELP: Record<TransferCommandName, string> = {
  import: `Usage: npm run cli -- import FILE --instanceName I [options]

Uploads FILE (.bak, .mdf or .dacpac, checked against its first bytes) as the app does: in
parts when it is large, in one stream otherwise; then starts the import job.
  --instanceName I         the instance to import to (required)
  --databaseName D         the new database (default: the file name without extension;
                           letters, digits, _ and - only)
  --groupIds G[,G...]      security groups of the new database (repeatable)
  --wait                   follow the import job to its end (exit code 5 if it fails);
                           without it the command ends once the job has started and prints
                           its id (follow it later with "jobs wait")
  --parts-in-flight N      parts sent at once, 1 to 16 (default 4)
  --bandwidth MIBPS        at most this many MiB/s on the wire (0.1 to 10000, as the app's
                           bandwidth limit; default no limit), e.g. --bandwidth 20 to leave
                           the office link usable during a nightly run
  --json                   JSON lines (see Output)

${TRANSFER_OUTPUT}

${EXIT_CODES_HELP}`,
  export: `Usage: npm run cli -- export --instanceName I --databaseName D --exportTo 0|1|2 --to DIR

Starts the export job, follows it, then downloads every file it produced into DIR (created
if missing; existing files are never overwritten). The command always waits for the job:
the files come from it (--wait is accepted and changes nothing).
  --exportTo 0|1|2         0 MDF, 1 BAK, 2 DACPAC (required)
  --detachOnly             MDF only: take the database offline instead of backing it up
                           (required above 100 GB)
  --to DIR                 the folder for the files (required)
  --connections N          connections one large file is downloaded over at once, each
                           fetching its own byte ranges, 1 to 16 (default 4; 1: one stream)
  --bandwidth MIBPS        at most this many MiB/s on the wire (0.1 to 10000, as the app's
                           bandwidth limit; default no limit), e.g. --bandwidth 20 to leave
                           the office link usable during a nightly run
  --json                   JSON lines (see Output)

${TRANSFER_OUTPUT}

${EXIT_CODES_HELP}`,
  archivesDownload: `Usage: npm run cli -- archives download --instanceName I --archiveId A --to DIR

Downloads every file of an archive (as "archives get" lists them) into DIR, created if
missing; existing files are never overwritten (a taken name becomes "name (2).bak"). The
download links are pre-signed: they are read from the service on every run, never printed
or kept.
  --instanceName I         the instance of the archive (required)
  --archiveId A            the archive ("archives list" shows the ids) (required)
  --to DIR                 the folder for the files (required)
  --connections N          connections one large file is downloaded over at once, each
                           fetching its own byte ranges, 1 to 16 (default 4; 1: one stream)
  --bandwidth MIBPS        at most this many MiB/s on the wire (0.1 to 10000, as the app's
                           bandwidth limit; default no limit), e.g. --bandwidth 20 to leave
                           the office link usable during a nightly run
  --json                   JSON lines (see Output)

Example:
  npm run cli -- archives download --instanceName sql-eu-prod-01 --archiveId 7d1e... \\
    --to ./archives --bandwidth 20

${TRANSFER_OUTPUT}

${EXIT_CODES_HELP}`,
  jobsWait: `Usage: npm run cli -- jobs wait --instanceName I --jobId J [--json]

Follows a job of the instance until it ends, printing its status and progress; answers the
job as JSON (without its download URIs, which are pre-signed). Exit code 0 when it
succeeded, 5 when it failed, 1 when the service no longer knows it.

${EXIT_CODES_HELP}`,
};

/** The help of a transfer command. */
export function transferHelp(name: TransferCommandName): string {
  return TRANSFER_HELP[name];
}

/** The full help: usage and every operation of the catalogue with its summary. */
export function helpText(): string {
  const width = Math.max(...catalogue.map((op) => op.id.length)) + 2;
  const groups = new Map<string, Operation[]>();
  for (const op of catalogue) groups.set(op.group, [...(groups.get(op.group) ?? []), op]);
  const lines = [USAGE, '', `Operations (${catalogue.length}):`];
  for (const [group, ops] of groups) {
    lines.push('', `  ${group}`);
    for (const op of ops) lines.push(`    ${op.id.padEnd(width)}${op.summary}`);
  }
  return lines.join('\n');
}

/** Help of one operation: method, path, parameters and body. */
export function operationHelp(op: Operation): string {
  const names = parameterNames(op);
  const lines = [`${op.id}: ${op.summary}`, `  ${op.method} ${op.path}`, ''];
  const list = (title: string, items: string[]): void => {
    if (items.length) lines.push(`  ${title}: ${items.map((n) => `--${n}`).join(' ')}`);
  };
  list('path', names.path);
  list('query', names.query);
  list('headers', names.headers);
  if (op.body?.contentType === 'json') {
    lines.push(`  body: --body JSON (${op.body.required ? 'required' : 'optional'})`);
  } else if (op.body?.contentType === 'bytes') lines.push('  body: --body-file FILE (required)');
  lines.push(`  roles: ${op.roles.join(', ')}`);
  if (op.startsJob) lines.push('  starts a background job: follow it with "jobs getByInstance"');
  return lines.join('\n');
}
