import { describe, expect, it } from 'vitest';
import {
  auditDelimitedRows,
  auditJson,
  flatPairs,
  renderAuditTable,
} from '../../../../../src/main/cli/output/audit-output';
import { parseAuditArgs } from '../../../../../src/main/cli/args/audit-args';
import { renderDelimited } from '../../../../../src/main/cli/output/output-delimited';
import type { AuditAction, AuditRecord } from '../../../../../src/shared/model/audit';
import { groupActions } from '../../../../../src/shared/model/audit-actions';

/*
 * What `audit list` prints of the actions: a table of actions with the calls of an import
 * under it, fitting 100 columns; JSON with every record; CSV a line per record, without the
 * chain's fields unless asked and without JSON in a cell.
 */

const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const IMPORT: AuditAction = {
  id: 'transfer-1',
  kind: 'import',
  label: 'import',
  target: 'sql-eu-dev-01 / Demo_Sales',
};
const DB = { instanceName: 'sql-eu-dev-01', databaseName: 'Demo_Sales' };

let seq = 0;
function call(
  operation: string,
  outcome: { ok: boolean; status?: number; jobId?: string; message?: string },
  extra: Partial<Extract<AuditRecord, { type: 'call' }>> = {},
): AuditRecord {
  seq += 1;
  return {
    v: 2,
    seq,
    prev: `prev-${seq}`,
    hash: `hash-${seq}`,
    time: `2026-11-30T10:00:0${seq}.000Z`,
    type: 'call',
    source: { kind: 'cli', version: '1.4.0' },
    profile: { id: 'cli', name: 'command line' },
    principal: { kind: 'apiKey', keyFingerprint: '3f2a9c01b7de' },
    host: '127.0.0.1:8080',
    operation,
    target: DB,
    outcome,
    action: IMPORT,
    ...extra,
  };
}

const records: AuditRecord[] = [
  call('uploads.init', { ok: true, status: 200 }, { target: { ...DB, fileExtension: 'bak' } }),
  call('uploads.complete', { ok: true, status: 200 }, { target: { ...DB, fileExtension: 'bak' } }),
  call(
    'databases.import',
    { ok: true, status: 202, jobId: 'job-1' },
    { input: { query: { importFrom: 1 }, body: { groupIds: ['g1', 'g2'] } } },
  ),
  call(
    'databases.drop',
    {
      ok: false,
      status: 404,
      message:
        'The database NoSuchDb does not exist on sql-eu-prod-01. Refresh the list and try again.',
    },
    {
      target: { instanceName: 'sql-eu-prod-01', databaseName: 'NoSuchDb' },
      action: {
        id: 'a-2',
        kind: 'operation',
        label: 'databases drop',
        target: 'sql-eu-prod-01 / NoSuchDb',
      },
    },
  ),
];
const actions = groupActions(records, NOW);

describe('audit list as a table', () => {
  it('is a row per action, the calls of an import indented under it, within 100 columns', () => {
    const { text, note } = renderAuditTable(actions, 100);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Time +Who +Action +Target +Outcome$/);
    expect(lines).toHaveLength(8);
    expect(lines[1]).toMatch(/key 3f2a9c01b7de +import +sql-eu-dev-01 \/ Demo_Sales +In progress$/);
    // Its calls, indented under it, each with its time of day, target (″: the action's, an
    // upload's with its file type) and outcome.
    expect(lines.slice(2, 6)).toEqual([
      expect.stringMatching(/^ {2}\S+ +uploads init +″ \/ bak +Done · 200$/),
      expect.stringMatching(/^ {2}\S+ +uploads complete +″ \/ bak +Done · 200$/),
      expect.stringMatching(/^ {2}\S+ +databases import +″ +Done · 202$/),
      // What else there is to say of a call, under it: the job it started.
      expect.stringMatching(/^ {40,}job job-1 running$/),
    ]);
    // One operation alone: its row says it all, what failed under it, cut to fit, with a note.
    expect(lines[6]).toMatch(
      /key 3f2a9c01b7de +databases drop +sql-eu-prod-01 \/ NoSuchDb +Failed$/,
    );
    expect(lines[7]).toMatch(/^ {40,}404: The database NoSuchDb does not exist .*…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(note).toMatch(/cut to fit 100 characters; --output json or csv has them whole/);
    // Wide enough, nothing is cut.
    expect(renderAuditTable(actions, 160).note).toBeUndefined();
  });

  it('says so when nothing matches', () => {
    expect(renderAuditTable([], 100).text).toBe('(none)\n');
  });
});

describe('audit list as JSON', () => {
  it('keeps every record under its action, chain fields included', () => {
    const json = auditJson(actions);
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({
      action: 'import',
      target: 'sql-eu-dev-01 / Demo_Sales',
      who: 'key 3f2a9c01b7de',
      outcome: 'inProgress',
      actionId: 'transfer-1',
      kind: 'import',
    });
    expect(json.flatMap((action) => action['calls'] as AuditRecord[])).toEqual(records);
  });
});

describe('audit list as CSV', () => {
  it('is a line per record, without the chain fields and without JSON in a cell', () => {
    const csv = renderDelimited(auditDelimitedRows(actions, false), 'csv');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'time,who,action,actionTarget,actionOutcome,actionId,record,operation,target,outcome,status,code,message,jobId,connection,source,host,region,input',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(
      ',import,sql-eu-dev-01 / Demo_Sales,inProgress,transfer-1,call,databases.import,instanceName=sql-eu-dev-01; databaseName=Demo_Sales,ok,202,,,job-1,',
    );
    expect(lines[2]).toMatch(/,query\.importFrom=1; body\.groupIds\.0=g1; body\.groupIds\.1=g2$/);
    expect(csv).not.toMatch(/[{[]/);
    expect(csv).not.toContain('hash-');
  });

  it('puts the chain fields first with --chain', () => {
    const rows = auditDelimitedRows(actions, true);
    expect(Object.keys(rows[0] ?? {}).slice(0, 5)).toEqual(['seq', 'v', 'prev', 'hash', 'time']);
    expect(rows[0]).toMatchObject({ seq: 1, v: 2, prev: 'prev-1', hash: 'hash-1' });
    expect(parseAuditArgs(['audit', 'list', '--chain'])).toMatchObject({ chain: true });
    expect(parseAuditArgs(['audit', 'list'])).toMatchObject({ chain: false });
  });

  it('writes nested inputs as name=value pairs', () => {
    expect(flatPairs({ body: { a: [1, { b: null }] }, q: 'x' })).toEqual([
      'body.a.0=1',
      'body.a.1.b=',
      'q=x',
    ]);
    expect(flatPairs(undefined)).toEqual([]);
  });
});
