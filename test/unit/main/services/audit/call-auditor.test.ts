import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditTrail } from '../../../../../src/main/services/audit/audit-trail';
import { CallAuditor } from '../../../../../src/main/services/audit/call-auditor';
import { silentLogger } from '../../../../../src/main/services/log/logger';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { AppError } from '../../../../../src/shared/errors';
import { ProfileSchema } from '../../../../../src/shared/model/profile';

/*
 * The auditor fails closed: a change's intent is written and flushed before
 * the client sends it, its call record (same intentId) after; when the intent cannot be
 * written the change is refused, unless the setting says to continue and warn.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'call-auditor-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const profile = ProfileSchema.parse({
  id: 'p1',
  name: 'Prod',
  target: { kind: 'region', region: 'EU' },
  auth: { kind: 'apiKey' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const SECRET = 'the-api-key-1234';
const subject = {
  profile,
  endpoints: { baseUrl: 'https://eu.example.test', authUrl: 'https://auth.example.test' },
  secret: { apiKey: SECRET },
};
const drop = {
  operation: operationById('databases.drop'),
  params: { instanceName: 'sql-1', databaseName: 'Sales' },
};

function auditor(options: { waitMs?: number; onFailure?: 'refuse' | 'continue' } = {}) {
  const warnings: string[] = [];
  const trail = new AuditTrail({ dir, lock: { waitMs: options.waitMs ?? 15_000 } });
  const made = new CallAuditor({
    trail,
    source: { kind: 'app', version: '1.0.0' },
    logger: silentLogger,
    onFailure: () => options.onFailure ?? 'refuse',
    warn: (message) => warnings.push(message),
  });
  return { trail, start: made.listenerFor(subject), warnings };
}

const lines = async () =>
  (await readFile(join(dir, 'audit.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('CallAuditor', () => {
  it('writes the intent before the call is sent, and its outcome with the same id after', async () => {
    const { start } = auditor();
    const end = await start(drop);
    const [intent] = await lines();
    expect(intent).toMatchObject({
      type: 'intent',
      seq: 1,
      operation: 'databases.drop',
      target: { instanceName: 'sql-1', databaseName: 'Sales' },
    });
    expect(typeof intent?.['intentId']).toBe('string');
    await end?.({ ...drop, answer: { status: 200, headers: {}, data: null } });
    const [, call] = await lines();
    expect(call).toMatchObject({
      type: 'call',
      seq: 2,
      intentId: intent?.['intentId'],
      outcome: { ok: true, status: 200 },
    });
  });

  it('records nothing of a read, and tells it no end', async () => {
    const { start } = auditor();
    const read = { operation: operationById('databases.list'), params: { instanceName: 'x' } };
    expect(await start(read)).toBeUndefined();
    await expect(readFile(join(dir, 'audit.jsonl'))).rejects.toThrow();
  });

  it('refuses the change while another process holds the lock, naming the trail and the cause', async () => {
    const { start } = auditor({ waitMs: 300 });
    // A live holder: the lock file is fresh (its time renewed), so it is not taken over.
    await writeFile(join(dir, 'audit.lock'), `${process.pid + 1} someone-else\n`);
    const refused = await start(drop).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'AUDIT_UNAVAILABLE', operation: 'databases.drop' });
    expect((refused as Error).message).toContain(
      `the audit trail (${dir}) could not record it first`,
    );
    expect((refused as Error).message).toContain('another DataBridge program held its lock');
    expect((refused as Error).message).toContain('0.3 s');
  });

  it('continues and warns when the setting says so, and the record says it went unrecorded', async () => {
    const { start, warnings } = auditor({ waitMs: 300, onFailure: 'continue' });
    await writeFile(join(dir, 'audit.lock'), 'someone-else\n');
    const end = await start(drop);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the change goes ahead');
    await rm(join(dir, 'audit.lock'));
    await end?.({ ...drop, answer: { status: 200, headers: {}, data: null } });
    const [call] = await lines();
    expect(call).toMatchObject({ type: 'call', seq: 1 });
    expect(call?.['intentNotWritten']).toContain('another DataBridge program held its lock');
    expect(call).not.toHaveProperty('intentId');
  });

  it('never writes the secret into an intent', async () => {
    const { start } = auditor();
    const create = {
      operation: operationById('logins.create'),
      params: { instanceName: 'sql-1' },
      body: { login: 'ada', password: 'Secret!Pass-99', role: 'Consumer', note: SECRET },
    };
    await start(create);
    const text = await readFile(join(dir, 'audit.jsonl'), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('Secret!Pass-99');
  });

  it('records the user action a call was made for with its intent and its outcome', async () => {
    const { start } = auditor();
    const action = { id: 'import-1', kind: 'import', label: 'import', target: 'sql-1 / Sales' };
    const init = {
      operation: operationById('uploads.init'),
      params: { instanceName: 'sql-1', databaseName: 'Sales' },
      action,
    };
    const end = await start(init);
    await end?.({ ...init, answer: { status: 200, headers: {}, data: { uploadId: 'u' } } });
    const records = await lines();
    expect(records.map((r) => [r['type'], r['action']])).toEqual([
      ['intent', action],
      ['call', action],
    ]);
  });

  it('makes a call sent outside any action an action of its own', async () => {
    const { start } = auditor();
    const end = await start(drop);
    await end?.({ ...drop, answer: { status: 200, headers: {}, data: null } });
    await (
      await start(drop)
    )?.({ ...drop, answer: { status: 200, headers: {}, data: null } });
    const actions = (await lines()).map((r) => r['action'] as Record<string, unknown>);
    expect(actions[0]).toEqual({
      id: expect.any(String) as unknown,
      kind: 'operation',
      label: 'databases drop',
      target: 'sql-1 / Sales',
    });
    // One per call: its intent and outcome share it, the next drop has its own.
    expect(actions[1]).toEqual(actions[0]);
    expect(actions[2]?.['id']).not.toBe(actions[0]?.['id']);
  });

  it("records the archive's read that starts its download, and no other read", async () => {
    const { start } = auditor();
    const read = {
      operation: operationById('archives.get'),
      params: { instanceName: 'sql-1', archiveId: 'arch-1' },
    };
    expect(await start(read)).toBeUndefined();
    const exporting = { id: 'e', kind: 'export', label: 'export', target: 'sql-1 / Sales' };
    expect(await start({ ...read, action: exporting })).toBeUndefined();
    const action = { id: 'd', kind: 'downloadArchive', label: 'download archive', target: 'x' };
    const end = await start({ ...read, action });
    await end?.({ ...read, action, answer: { status: 200, headers: {}, data: {} } });
    expect((await lines()).map((r) => [r['type'], r['operation']])).toEqual([
      ['intent', 'archives.get'],
      ['call', 'archives.get'],
    ]);
  });
});
