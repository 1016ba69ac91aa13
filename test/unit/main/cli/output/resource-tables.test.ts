import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import type { ArchivesResponse } from '../../../../../src/shared/contract/records/archives';
import type { CidrEntryResponse } from '../../../../../src/shared/contract/records/cluster';
import type { Database } from '../../../../../src/shared/contract/records/databases';
import type {
  LinkedServerResponse,
  SqlInstance,
} from '../../../../../src/shared/contract/records/instances';
import type { JobSummary } from '../../../../../src/shared/contract/records/jobs';
import type { Login } from '../../../../../src/shared/contract/records/logins';
import type { Session } from '../../../../../src/shared/contract/records/sessions';
import { renderTable } from '../../../../../src/main/cli/output/output-table';
import { resourceTableOf } from '../../../../../src/main/cli/output/resource-tables';
import type { ResourceTable } from '../../../../../src/main/cli/output/table-columns';

/*
 * Every list's table at the width the CLI assumes when nothing says otherwise (100, a pipe or a
 * CI log): the columns that name a row stay, whole, with rows as wide as the service makes them.
 */

const WIDTH = 100;
/** Long, but as the service makes them: a 30-character instance, a 40-character name. */
const INSTANCE = 'sql-eu-prod-analytics-reporting';
const LONG = 'Reinsurance_Treaties_Portfolio_2026_Q4_X';
const SQL = 'SELECT p.policy_id, SUM(l.amount) FROM policies p JOIN losses l ON ... GROUP BY 1';
const TIME = '2026-11-27T14:03:05.123Z';

/** The element schema's fields of an operation that answers a list of records. */
function recordFields(id: string): string[] | undefined {
  const op = catalogue.find((operation) => operation.id === id);
  if (op?.method !== 'GET' || op.response.kind !== 'json') return undefined;
  const def = (op.response.schema as z.ZodType)._zod.def as { type: string; element?: z.ZodType };
  if (def.type !== 'array' || def.element === undefined) return undefined;
  const shape = (def.element._zod.def as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}

function tableOf(id: string): ResourceTable {
  const table = resourceTableOf(id);
  if (table === undefined) throw new Error(`no table for ${id}`);
  return table;
}

/** Lines of the table, and the note, of `rows` as `id`'s records at WIDTH. */
function render(id: string, rows: readonly Record<string, unknown>[]) {
  const { text, note } = renderTable(rows, { width: WIDTH, resource: tableOf(id) });
  return { lines: text.split('\n').slice(0, -1), note };
}

/**
 * Asserts that the header shows the `pinned` headers, and each line the row's pinned values
 * whole, at WIDTH; other columns were left out to fit (the note names them).
 */
function expectNamed(
  id: string,
  rows: readonly Record<string, unknown>[],
  pinned: Record<string, (row: Record<string, unknown>) => string>,
): void {
  const { lines, note } = render(id, rows);
  const [header = '', ...body] = lines;
  for (const title of Object.keys(pinned)) expect(header).toContain(title);
  rows.forEach((row, index) => {
    for (const value of Object.values(pinned)) expect(body[index]).toContain(value(row));
  });
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(WIDTH);
  expect(note).toMatch(/^Columns left out to fit 100 characters: .+ \(-o wide shows every column/);
}

const across = <T extends object>(row: T): T & { instanceName: string } => ({
  instanceName: INSTANCE,
  ...row,
});

describe('every list the service answers has a table with a column per field', () => {
  const lists = catalogue.filter((op) => recordFields(op.id) !== undefined);
  it('covers the lists of the catalogue', () => {
    expect(lists.map((op) => op.id).sort()).toEqual(
      [
        'archives.list',
        'cluster.listAllowedIps',
        'databases.list',
        'instances.list',
        'jobs.listByInstance',
        'linkedServers.list',
        'logins.list',
        'sessions.list',
        'sessions.listByDatabase',
      ].sort(),
    );
  });
  for (const op of lists) {
    it(`${op.id}: every field of its record is a column (-o wide shows all), headers in words`, () => {
      const table = tableOf(op.id);
      const fields = table.columns
        .map((column) => column.field)
        .filter((f) => f !== 'instanceName');
      expect(fields.sort()).toEqual(recordFields(op.id)?.sort());
      for (const column of table.columns) {
        // "Blocked by", "CPU (ms)": never the field's own camelCase name.
        expect(column.header).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z()]+)*$/);
        expect(column.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
      expect(table.columns.some((column) => column.pinned)).toBe(true);
    });
  }
});

describe('at 100 columns every list shows what names each row', () => {
  it('databases list --all-instances: the instance and the name', () => {
    const database: Database = {
      name: LONG,
      status: 'Ready',
      error: 'The database could not be attached: the file is damaged.',
      sizeInMb: 49_876,
      createdAt: TIME,
      pinned: true,
      pinExpiration: TIME,
      databaseSchema: 'Edm',
      databaseVersion: '16.0.4135.4',
      lastIndexUpdate: TIME,
      registered: true,
      exposureSetId: '0b4573be-7752-4c2d-badb-3037abf08bca',
      owner: 'contributor-with-a-long-name',
      secured: true,
      groups: [{ groupId: 'g1', groupName: 'Underwriting analysts (EMEA)' }],
    };
    expectNamed('databases.list', [across(database), across({ ...database, name: 'HR' })], {
      Instance: (row) => String(row['instanceName']),
      Name: (row) => String(row['name']),
    });
  });

  it('instances list: the name', () => {
    const instance: SqlInstance = {
      name: INSTANCE,
      uid: '3f2b6a1c-0d4e-4b8f-9a55-1c2d3e4f5a6b',
      endpoint: `${INSTANCE}.db.databridge.example.com,1433`,
      internalEndpoint: '10.200.100.111,1433',
      status: 'Online',
      totalDiskSpaceInMb: 2_048_000,
      availableDiskSpaceInMb: 1_554_271,
      usedDiskSpaceInMb: 493_729,
      databaseLimit: 100,
      pinnedDatabaseLimit: 10,
    };
    expectNamed('instances.list', [instance], { Name: (row) => String(row['name']) });
  });

  it('jobs list (one instance, and --all-instances): the job id that jobs wait needs', () => {
    const job: JobSummary = {
      id: 'c17dcafe-5e99-4b5b-89b4-27a6e13f096b',
      type: 'ARCHIVE_DATABASE',
      status: 'Succeeded',
      resourceName: LONG,
      resourceType: 'Database',
      createTime: TIME,
      endTime: TIME,
      owner: 'contributor-with-a-long-name',
    };
    const id = { 'Job id': (row: Record<string, unknown>) => String(row['id']) };
    expectNamed('jobs.listByInstance', [job], id);
    expectNamed('jobs.listByInstance', [across(job)], {
      Instance: (row) => String(row['instanceName']),
      ...id,
    });
  });

  it('sessions list --all-instances --blocking: the session and who blocks it', () => {
    const session: Session = {
      sessionId: 105,
      databaseName: LONG,
      loginName: 'report_reader_with_long_name',
      programName: 'Microsoft SQL Server Management Studio - Query',
      hostName: 'WKS-ANALYST-12.corp.example.com',
      status: 'suspended',
      loginTime: TIME,
      lastRequestStartTime: TIME,
      lastRequestEndTime: null,
      cpuTime: 302_571,
      memoryUsage: 3693,
      executingSql: SQL,
      blockingSessionId: 52,
    };
    const head = { ...session, sessionId: 52, blockingSessionId: 0 };
    const { lines } = render('sessions.list', [across(head), across(session)]);
    expect(lines[0]).toMatch(/^Instance +Session +Blocked by /);
    expect(lines[1]).toMatch(new RegExp(`^${INSTANCE} +52 +— `));
    expect(lines[2]).toMatch(new RegExp(`^${INSTANCE} +105 +52 `));
    expectNamed('sessions.list', [across(session)], {
      Instance: (row) => String(row['instanceName']),
      Session: (row) => String(row['sessionId']),
      'Blocked by': (row) => String(row['blockingSessionId']),
    });
  });

  it('sessions listByDatabase: the session and who blocks it', () => {
    const session: Session = {
      sessionId: 79,
      databaseName: LONG,
      loginName: 'analyst_omar',
      programName: 'Power BI Desktop with a long program name',
      hostName: 'bi-gateway.corp.example.com',
      status: 'suspended',
      loginTime: TIME,
      lastRequestStartTime: TIME,
      lastRequestEndTime: TIME,
      cpuTime: 90_351,
      memoryUsage: 3421,
      executingSql: SQL,
      blockingSessionId: 67,
    };
    expectNamed('sessions.listByDatabase', [session], {
      Session: (row) => String(row['sessionId']),
      'Blocked by': (row) => String(row['blockingSessionId']),
    });
  });

  it('archives list --all-instances: the instance and the archive id', () => {
    const archive: ArchivesResponse = {
      archiveId: '4b6e8ff2-266f-4bc0-9417-c71cdadb1846',
      serverName: INSTANCE,
      name: LONG,
      sizeInMb: 4802,
      createDate: TIME,
      expiryDate: TIME,
      createdBy: 'contributor-with-a-long-name',
      storageTypeId: 1,
      storageType: 'Permanent',
      sourceTypeId: 2,
      databaseType: 'RDM',
    };
    expectNamed('archives.list', [across(archive)], {
      Instance: (row) => String(row['instanceName']),
      'Archive id': (row) => String(row['archiveId']),
    });
  });

  it('logins list --all-instances: the instance and the login', () => {
    const login: Login = {
      name: 'etl_loader_20_chars_',
      role: 'Contributor',
      status: 'Enabled',
      owner: LONG,
    };
    const rows = [across(login), across({ ...login, name: 'analyst_jane', owner: LONG + LONG })];
    const { lines } = render('logins.list', rows);
    expect(lines[0]).toMatch(/^Instance +Name /);
    expect(lines[1]).toContain(`${INSTANCE}  etl_loader_20_chars_`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(WIDTH);
  });

  it('cluster listAllowedIps: the address block', () => {
    const entry: CidrEntryResponse = {
      cidrBlock: '2001:0db8:85a3:0000:0000:8a2e:0370:7334/128',
      comment: `${LONG} ${LONG} ${LONG}`,
    };
    const { lines } = render('cluster.listAllowedIps', [entry]);
    expect(lines[0]).toMatch(/^CIDR block +Comment$/);
    expect(lines[1]).toMatch(/^2001:0db8:85a3:0000:0000:8a2e:0370:7334\/128 +Reinsurance/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(WIDTH);
  });

  it('linkedServers list --all-instances: the instance and the linked server', () => {
    const linked: LinkedServerResponse = {
      linkedServerName: `${INSTANCE}-replica`,
      status: 'Connected',
    };
    const { lines } = render('linkedServers.list', [across(linked)]);
    expect(lines[0]).toMatch(/^Instance +Linked server +Status$/);
    expect(lines[1]).toContain(`${INSTANCE}-replica`);
  });
});
