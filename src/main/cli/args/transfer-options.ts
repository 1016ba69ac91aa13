import { CONNECTION_OPTIONS_TABLE } from './global-options';
import { pickOptions, type OptionTable } from './option-spec';

/*
 * The options of the transfer commands (`import FILE`, `export`, `archives download`, `jobs
 * wait`), each declared once; which command takes which is TRANSFER_SPECS' (transfer-words).
 * No catalogue here: the top-level help shows some of them.
 */

/** The options the transfer commands take, besides the connection options. */
export const TRANSFER_OPTIONS = {
  instanceName: { type: 'string', value: 'I', help: 'the instance (required)' },
  databaseName: {
    type: 'string',
    value: 'D',
    help: `the database (required; for import, the new database's name,
by default the file's without extension: letters, digits, _, -)`,
  },
  archiveId: {
    type: 'string',
    value: 'A',
    help: 'the archive ("archives list" shows the ids) (required)',
  },
  jobId: { type: 'string', value: 'J', help: 'the job ("jobs list" shows the ids) (required)' },
  groupIds: {
    type: 'string',
    multiple: true,
    value: 'G[,G...]',
    help: 'security groups of the new database (repeatable)',
  },
  exportTo: {
    type: 'string',
    value: 'TYPE',
    complete: ['mdf', 'bak', 'dacpac'],
    help: `mdf, bak or dacpac, in any letter case (required; the codes
0 MDF, 1 BAK, 2 DACPAC are accepted too)`,
  },
  detachOnly: {
    type: 'boolean',
    help: `MDF only: take the database offline instead of backing it up
(required above 100 GiB)`,
  },
  to: {
    type: 'string',
    value: 'DIR',
    complete: 'path',
    help: 'the folder for the files (required)',
  },
  connections: {
    type: 'string',
    value: 'N',
    help: `connections one large file is downloaded over at once, each
fetching its own byte ranges, 1 to 16 (default 4; 1: one stream)`,
  },
  'parts-in-flight': {
    type: 'string',
    value: 'N',
    help: 'parts sent at once, 1 to 16 (default 4)',
  },
  wait: {
    type: 'boolean',
    help: `import: follow the import job to its end (exit code 5 if it fails);
without it the command ends once the job has started and prints
its id (follow it later with "jobs wait"). export always waits`,
  },
  'no-clone': {
    type: 'boolean',
    help: `read FILE itself, not a copy-on-write clone of it: by default,
where the file system can clone (Btrfs, XFS), the upload reads a
clone made beside FILE (.databridge-clone-...) when it starts, so
a program writing FILE meanwhile cannot mix old and new bytes`,
  },
  bandwidth: {
    type: 'string',
    value: 'MIBPS',
    help: `at most this many MiB/s on the wire (0.1 to 10000, as the app's
bandwidth limit; default no limit), e.g. --bandwidth 20 to leave
the office link usable during a nightly run`,
  },
  'min-speed': {
    type: 'string',
    value: 'KIBPS',
    help: `a request to the storage host that moves less than this many
KiB/s over 60 s (not counting the time --bandwidth holds it) is
dropped and tried again; 0 to 1024, as the app's minimum speed
(default 1; 0: off)`,
  },
  json: { type: 'boolean', help: 'JSON lines of progress and result (see Output)' },
} as const satisfies OptionTable;

/** An option of a transfer command. */
export type TransferOption = keyof typeof TRANSFER_OPTIONS;

/** The connection options the transfer commands take too (no body, no list, no `--headers`). */
export const TRANSFER_CONNECTION_OPTIONS = pickOptions(CONNECTION_OPTIONS_TABLE, [
  'profile',
  'data-dir',
  'base-url',
  'region',
  'api-key-stdin',
  'api-key',
  'tenant',
  'user',
  'password-stdin',
  'password',
  'proxy',
  'proxy-pac',
  'timeout',
  'read-only',
  'verbose',
]);
