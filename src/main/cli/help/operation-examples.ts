import type { OperationId } from '../../../shared/contract/catalogue';
import { quoteArgument } from '../../../shared/cli/shell-quote';

/*
 * One or two command lines to copy for every operation that changes something, shown under
 * "Example:" in its --help. A test parses and checks every one of them with the operation's
 * schemas, so an example cannot drift from the contract; another runs each against the
 * emulator, so the names and ids are those of its demo data and a reader can copy them there.
 */

/** One example: the words after `databridge`, and a line above it saying what it is for. */
export interface OperationExample {
  readonly note?: string;
  readonly argv: readonly string[];
}

const PROD = ['--instanceName', 'sql-eu-prod-01'];
const DEV = ['--instanceName', 'sql-eu-dev-01'];
/** A test database of the demo that nobody needs any more. */
const DEV_OLD = [...DEV, '--databaseName', 'Modeler_Test_02'];
/** `databridge GROUP OP` on database `name` of sql-eu-prod-01. */
const prodDb = (name: string) => [...PROD, '--databaseName', name];
const GROUP = ['--x-platform-resource-group-id', '3f2b8c1e-5d4a-4f6b-9c7d-2e1a0b9c8d7f'];
const UPLOAD = [...DEV, '--databaseName', 'Sales_copy', '--fileExtension', 'bak'];
/** An upload id as `uploads init` prints it, shortened: its first characters and `...`. */
const UPLOAD_ID = ['--uploadId', 'f0c9...'];
/** The demo's Underwriting group. */
const UNDERWRITING = '7a2d3b8f-4c5e-4f60-9bac-1d2e3f4a5b62';

/** The examples of each operation that changes something (the audit trail's list). */
export const OPERATION_EXAMPLES: Readonly<Partial<Record<OperationId, OperationExample[]>>> = {
  'archives.delete': [
    {
      note: 'an archive of a database dropped long ago (ids from "archives list")',
      argv: ['archives', 'delete', ...PROD, '--archiveId', 'f117a329-6a7e-48bc-8ace-77ff3b9130b5'],
    },
  ],
  'archives.restore': [
    {
      argv: [
        ...['archives', 'restore', ...PROD, '--archiveId', '2e565052-d859-4f4b-a689-10394416cef7'],
        ...['--databaseName', 'EDM_Portfolio_2023', '--wait'],
      ],
    },
  ],
  'cluster.addAllowedIp': [
    {
      argv: [
        'cluster',
        'addAllowedIp',
        '--cidrEntry',
        '{"cidrBlock":"203.0.113.0/24","comment":"Office"}',
      ],
    },
  ],
  'cluster.overwriteAllowedIps': [
    {
      note: 'add one entry and remove another in one step',
      argv: [
        ...['cluster', 'overwriteAllowedIps', '--addCidrEntries'],
        '[{"cidrBlock":"198.51.100.7","comment":"VPN"},{"cidrBlock":"192.0.2.0/24","comment":"Branch"}]',
        ...['--removeCidrEntries', '203.0.113.0/24'],
      ],
    },
  ],
  'cluster.deleteAllowedIp': [
    { argv: ['cluster', 'deleteAllowedIp', '--ipAddress', '198.51.100.7'] },
  ],
  'cluster.deleteAllowedRange': [
    {
      argv: [
        ...['cluster', 'deleteAllowedRange', '--cidrIpAddress', '192.0.2.0'],
        ...['--cidrIpPrefix', '24'],
      ],
    },
  ],
  'cluster.setServerSecurity': [
    { argv: ['cluster', 'setServerSecurity', '--minTlsVersion', '1.2'] },
  ],
  'databases.create': [
    { argv: ['databases', 'create', ...DEV, '--databaseName', 'Sales_2026', '--wait'] },
  ],
  'databases.drop': [
    { note: 'asks you to type the name first', argv: ['databases', 'drop', ...DEV_OLD] },
    {
      note: 'in a script, where nobody can be asked',
      argv: ['databases', 'drop', ...DEV_OLD, '--yes'],
    },
  ],
  'databases.pin': [
    {
      argv: [
        ...['databases', 'pin', ...prodDb('EDM_Portfolio_2025'), '--pinned'],
        ...['--pinExpiration', '2027-12-31T00:00:00Z'],
      ],
    },
    { argv: ['databases', 'pin', ...prodDb('EDM_Portfolio_2025'), '--no-pinned'] },
  ],
  'databases.updateSecurity': [
    {
      argv: [
        ...['databases', 'updateSecurity', ...prodDb('Finance_Ledger'), '--body'],
        `[{"operation":"Add","targetProperty":"groupId","value":"${UNDERWRITING}"}]`,
      ],
    },
  ],
  'databases.archive': [
    {
      argv: [
        ...['databases', 'archive', ...prodDb('Claims_History'), ...GROUP],
        ...['--expirationDate', '2027-12-31T00:00:00', '--wait'],
      ],
    },
  ],
  'databases.updateArchive': [
    {
      argv: [
        'databases',
        'updateArchive',
        ...prodDb('Finance_Ledger'),
        ...['--archiveId', 'c85a8586-1ba2-4c56-9148-840837e0cb71'],
        ...GROUP,
        '--storageType',
        'permanent',
      ],
    },
  ],
  'databases.export': [
    {
      note: 'the files stay on the service ("databridge export" downloads them too)',
      argv: ['databases', 'export', ...prodDb('RDM_Cat_Bonds'), '--exportTo', 'bak', '--wait'],
    },
  ],
  'databases.import': [
    {
      note: 'after the upload ("databridge import FILE" uploads and imports in one go)',
      argv: [
        'databases',
        'import',
        ...DEV,
        '--databaseName',
        'Sales_copy',
        '--importFrom',
        'bak',
        '--wait',
      ],
    },
  ],
  'databases.move': [
    {
      argv: [
        ...['databases', 'move', ...prodDb('Analytics_Sandbox')],
        ...['--serverName', 'sql-eu-dev-01', '--wait'],
      ],
    },
  ],
  'databases.rename': [
    {
      argv: [
        ...['databases', 'rename', ...prodDb('EDM_Florida_Wind')],
        ...['--name', 'EDM_Florida_Wind_2025', '--wait'],
      ],
    },
  ],
  'databases.shrink': [
    {
      argv: [
        ...['databases', 'shrink', ...PROD, '--databaseName', 'tempdb'],
        ...['--truncateLogsOnly', '--wait'],
      ],
    },
  ],
  'uploads.init': [{ argv: ['uploads', 'init', ...UPLOAD] }],
  'uploads.putPart': [
    {
      argv: [
        ...['uploads', 'putPart', ...UPLOAD, ...UPLOAD_ID],
        ...['--partNumber', '1', '--body-file', './Sales.bak.part1'],
      ],
    },
  ],
  'uploads.complete': [
    {
      argv: [
        ...['uploads', 'complete', ...UPLOAD, ...UPLOAD_ID],
        ...['--etags', '{"1":"9b2cf535f27731c974343645a3985328"}'],
      ],
    },
  ],
  'sessions.killByDatabase': [
    {
      note: 'a session blocking others there (see "sessions list --blocking")',
      argv: ['sessions', 'killByDatabase', ...prodDb('Exposure_Master'), '--spid', '58'],
    },
  ],
  'sessions.kill': [{ argv: ['sessions', 'kill', ...PROD, '--spid', '67'] }],
  'logins.create': [
    {
      note: 'the password in a file only you can read: {"password":"..."}',
      argv: [
        ...['logins', 'create', ...DEV, '--login', 'claims_reader'],
        ...['--role', 'Consumer', '--body', '@./login.json'],
      ],
    },
  ],
  'logins.updatePassword': [
    {
      note: 'the new password in a file only you can read: {"password":"..."}',
      argv: [
        ...['logins', 'updatePassword', ...DEV, '--loginName', 'report_reader'],
        ...['--body', '@./password.json'],
      ],
    },
  ],
  'logins.delete': [{ argv: ['logins', 'delete', ...DEV, '--loginName', 'legacy_import'] }],
  'instances.updateSecurity': [
    {
      argv: [
        ...['instances', 'updateSecurity', ...PROD, '--body'],
        `[{"operation":"Add","targetProperty":"groupId","value":"${UNDERWRITING}"}]`,
      ],
    },
  ],
  'linkedServers.create': [
    { argv: ['linkedServers', 'create', ...PROD, '--linkedServerName', 'sql-eu-dev-01'] },
  ],
  'linkedServers.delete': [
    { argv: ['linkedServers', 'delete', ...PROD, '--linkedServerName', 'sql-eu-dev-01'] },
  ],
};

/** Where a shown command line is wrapped (a terminal of 100 columns, with room). */
const WIDTH = 92;

/** The words of a command line, an option kept with its value so a wrap never parts them. */
function pairs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    const takesIt = last?.startsWith('--') && !last.includes(' ') && !word.startsWith('--');
    if (takesIt) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** `databridge ...argv` as lines, quoted for a POSIX shell, wrapped with `\`. */
export function exampleLines(argv: readonly string[]): string[] {
  const words = pairs(['databridge', ...argv.map((word) => quoteArgument(word, 'posix'))]);
  const lines: string[] = [];
  let line = ' ';
  for (const word of words) {
    if (line.trim() !== '' && line.length + word.length + 1 > WIDTH) {
      lines.push(`${line} \\`);
      line = '   ';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** The examples of operation `id`, each as its note and its lines; empty when it has none. */
export function examplesOf(id: string): { note?: string; line: string[] }[] {
  const examples = (OPERATION_EXAMPLES as Readonly<Record<string, OperationExample[]>>)[id] ?? [];
  return examples.map(({ note, argv }) => ({
    ...(note ? { note } : {}),
    line: exampleLines(argv),
  }));
}
