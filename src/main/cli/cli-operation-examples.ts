import type { OperationId } from '../../shared/contract/catalogue';
import { quoteArgument } from '../../shared/cli/shell-quote';

/*
 * One or two command lines to copy for every operation that changes something, shown under
 * "Example:" in its --help. A test parses and checks every one of them with the operation's
 * schemas, so an example cannot drift from the contract.
 */

/** One example: the words after `databridge`, and a line above it saying what it is for. */
export interface OperationExample {
  readonly note?: string;
  readonly argv: readonly string[];
}

const PROD = ['--instanceName', 'sql-eu-prod-01'];
const DEV = ['--instanceName', 'sql-eu-dev-01'];
const ARCHIVE = ['--archiveId', '7d1e2c4a-9b3f-4e21-8a6d-5c0f1b2e3d4a'];
const GROUP = ['--x-platform-resource-group-id', '3f2b8c1e-5d4a-4f6b-9c7d-2e1a0b9c8d7f'];
const SALES = [...PROD, '--databaseName', 'Sales'];
const UPLOAD = [...DEV, '--databaseName', 'Sales_copy', '--fileExtension', 'bak'];
const UPLOAD_ID = ['--uploadId', 'f0c9a7b6'];

/** The examples of each operation that changes something (the audit trail's list). */
export const OPERATION_EXAMPLES: Readonly<Partial<Record<OperationId, OperationExample[]>>> = {
  'archives.delete': [{ argv: ['archives', 'delete', ...PROD, ...ARCHIVE] }],
  'archives.restore': [
    { argv: ['archives', 'restore', ...PROD, ...ARCHIVE, '--databaseName', 'Sales_restored'] },
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
        '[{"cidrBlock":"198.51.100.7","comment":"VPN"}]',
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
        ...['cluster', 'deleteAllowedRange', '--cidrIpAddress', '203.0.113.0'],
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
    { note: 'asks you to type the name first', argv: ['databases', 'drop', ...SALES] },
    {
      note: 'in a script, where nobody can be asked',
      argv: ['databases', 'drop', ...SALES, '--yes'],
    },
  ],
  'databases.pin': [
    {
      argv: ['databases', 'pin', ...SALES, '--pinned', '--pinExpiration', '2026-12-31T00:00:00Z'],
    },
    { argv: ['databases', 'pin', ...SALES, '--no-pinned'] },
  ],
  'databases.updateSecurity': [
    {
      argv: [
        ...['databases', 'updateSecurity', ...SALES, '--body'],
        '[{"operation":"Add","targetProperty":"groupId","value":"finance-readers"}]',
      ],
    },
  ],
  'databases.archive': [
    {
      argv: [
        ...['databases', 'archive', ...SALES, ...GROUP],
        ...['--expirationDate', '2027-01-31T00:00:00', '--wait'],
      ],
    },
  ],
  'databases.updateArchive': [
    {
      argv: [
        'databases',
        'updateArchive',
        ...SALES,
        ...ARCHIVE,
        ...GROUP,
        '--storageType',
        'permanent',
      ],
    },
  ],
  'databases.export': [
    {
      note: 'the files stay on the service ("databridge export" downloads them too)',
      argv: ['databases', 'export', ...SALES, '--exportTo', 'bak', '--wait'],
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
    { argv: ['databases', 'move', ...SALES, '--serverName', 'sql-eu-dev-01', '--wait'] },
  ],
  'databases.rename': [
    { argv: ['databases', 'rename', ...SALES, '--name', 'Sales_2025', '--wait'] },
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
  'sessions.killByDatabase': [{ argv: ['sessions', 'killByDatabase', ...SALES, '--spid', '57'] }],
  'sessions.kill': [{ argv: ['sessions', 'kill', ...PROD, '--spid', '57'] }],
  'logins.create': [
    {
      note: 'the password in a file only you can read: {"password":"..."}',
      argv: [
        ...['logins', 'create', ...DEV, '--login', 'report_reader'],
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
  'logins.delete': [{ argv: ['logins', 'delete', ...DEV, '--loginName', 'report_reader'] }],
  'instances.updateSecurity': [
    {
      argv: [
        ...['instances', 'updateSecurity', ...PROD, '--body'],
        '[{"operation":"Remove","targetProperty":"groupId","value":"contractors"}]',
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
