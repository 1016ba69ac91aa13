import { SERVICE_LIMITS } from '../../services/http/service-limits';
import { OUTPUT_FORMATS } from '../output/output-formats';
import type { OptionTable } from './option-spec';

/*
 * The options every command line of the catalogue's operations takes, each declared once:
 * the parser (args/operation-args.ts and the passes that take some off first), the top-level
 * help and shell completion read them from here. The commands of their own (transfers,
 * diagnostics, audit, monitor serve, policy) declare theirs in their own tables, taking the
 * connection options from here.
 */

/** How to connect and sign in; every command that talks to the service takes them. */
export const CONNECTION_OPTIONS_TABLE = {
  profile: {
    type: 'string',
    value: 'NAME',
    help: `a saved connection of the app; its secret comes from the keychain,
or for this command from --api-key-stdin (never from
DATABRIDGE_API_KEY, which may be another service's key)`,
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    complete: 'path',
    help: "the app's data folder (default: the platform's, as the app uses)",
  },
  'base-url': {
    type: 'string',
    value: 'URL',
    help: 'the service, e.g. http://127.0.0.1:7420/databridge (the emulator)',
  },
  region: {
    type: 'string',
    value: 'EU|US',
    complete: ['EU', 'US'],
    help: 'a region of the service instead of --base-url (default EU)',
  },
  'api-key-stdin': {
    type: 'boolean',
    help: `the API key, read from standard input: a pipe or a file, e.g.
databridge instances list --api-key-stdin < ~/.databridge-key
(or DATABRIDGE_API_KEY, the API key from the environment)`,
  },
  'api-key': {
    type: 'string',
    value: 'KEY',
    help: `the API key on the command line (a warning: it stays in the
shell's history and shows in the process list)`,
  },
  tenant: { type: 'string', value: 'T', help: 'token sign-in: the tenant, with --user' },
  user: { type: 'string', value: 'U', help: 'token sign-in: the user, with a password' },
  'password-stdin': {
    type: 'boolean',
    help: `token sign-in: the password, read from standard input (or
DATABRIDGE_PASSWORD, the password from the environment)`,
  },
  password: {
    type: 'string',
    value: 'P',
    help: `token sign-in: the password on the command line (a warning,
as --api-key)`,
  },
  proxy: {
    type: 'string',
    value: 'URL',
    help: 'HTTP(S) proxy (default: HTTPS_PROXY / HTTP_PROXY, with NO_PROXY)',
  },
  'proxy-pac': {
    type: 'string',
    value: 'URL',
    help: `a PAC file choosing the proxy per host (--proxy wins over it; it
wins over HTTPS_PROXY). A proxy asking for Basic credentials is
answered from the keychain, else from DATABRIDGE_PROXY_USER and
DATABRIDGE_PROXY_PASSWORD, else asked once at the terminal (then
kept in the keychain)`,
  },
  timeout: {
    type: 'string',
    value: 'SECONDS',
    help: `time allowed for each operation of the service, retries included
(default ${SERVICE_LIMITS.deadlineMs / 1000}); file transfers are not bound by it`,
  },
  'read-only': { type: 'boolean', help: 'refuse every operation that changes something' },
  verbose: { type: 'boolean', help: 'log requests to stderr (secrets redacted)' },
} as const satisfies OptionTable;

/** What an operation is given besides its parameters and body fields. */
export const OPERATION_OPTIONS_TABLE = {
  body: {
    type: 'string',
    value: 'JSON|@FILE',
    help: `the JSON body, inline or from a file, merged with the fields given
as flags (a field given both ways is refused)`,
  },
  'body-file': {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: 'the raw bytes of an upload part (uploads putPart)',
  },
  wait: {
    type: 'boolean',
    help: `an operation that starts a job: follow the job to its end, print it
and exit as it ended (0, or 5 if it failed)`,
  },
  'no-wait': {
    type: 'boolean',
    help: 'an operation that starts a job: print its jobId at once (the default)',
  },
  yes: {
    type: 'boolean',
    help: `confirm an operation that removes something (a drop, a delete, a
session kill, an allow-list or security-group removal): on a
terminal the command asks first (the database's name for a drop);
from a script it is refused without --yes (exit 2)`,
  },
  headers: { type: 'boolean', help: 'print { status, headers, data } instead of the answer alone' },
} as const satisfies OptionTable;

/** What the lists of one instance take: the same list on every instance, and filters. */
export const LIST_OPTIONS_TABLE = {
  'all-instances': {
    type: 'boolean',
    help: `a list of one instance (databases list, jobs list, sessions list,
...) run on every instance; each record gets its instanceName`,
  },
  status: {
    type: 'string',
    value: 'S[,S]',
    help: 'keep the listed records with that status (jobs: Failed, ...)',
  },
  since: {
    type: 'string',
    value: '30m|24h|7d',
    help: 'keep the records created or ended that recently',
  },
  blocking: { type: 'boolean', help: 'keep the sessions in a blocking chain' },
} as const satisfies OptionTable;

/** How the answer is printed; every command that answers takes them. */
export const OUTPUT_OPTIONS_TABLE = {
  output: {
    type: 'string',
    short: 'o',
    value: 'FORMAT',
    complete: OUTPUT_FORMATS,
    help: `how the answer is printed (default: table on a terminal, json
when stdout is a pipe or a file):
  table  columns fitted to the terminal (COLUMNS or its width),
         sizes in KiB/MiB/GiB, times as 2026-11-27 14:03:05; the
         columns that name a row (instance, name, job id, session,
         blocked by) always shown, the others left out to fit are
         named on stderr; one record: field, value
  wide   the table with every column, whatever the width
  json   indented JSON         jsonl  one JSON value per line
  tsv    header row, then one record per line, raw values
  csv    the same, quoted as RFC 4180 says`,
  },
  query: {
    type: 'string',
    value: 'EXPR',
    help: `a JMESPath expression applied to the answer before --output,
e.g. --query "[?status=='Online'].name" (https://jmespath.site)`,
  },
  columns: {
    type: 'string',
    value: 'A,B,...',
    help: `the columns of a list's table, in that order (a table even when
piped); a wrong name lists the list's columns, e.g.
databridge databases list --all-instances --columns size,status`,
  },
} as const satisfies OptionTable;

/** What the command line takes before any command is named. */
export const TOP_OPTIONS_TABLE = {
  help: { type: 'boolean', short: 'h', help: 'this help; after a command, its own' },
  version: { type: 'boolean', help: "the command's version" },
} as const satisfies OptionTable;

/** Every option of a catalogue operation's command line, by name. */
export const GLOBAL_OPTIONS = {
  ...CONNECTION_OPTIONS_TABLE,
  ...OPERATION_OPTIONS_TABLE,
  ...LIST_OPTIONS_TABLE,
  ...OUTPUT_OPTIONS_TABLE,
  ...TOP_OPTIONS_TABLE,
} as const satisfies OptionTable;
