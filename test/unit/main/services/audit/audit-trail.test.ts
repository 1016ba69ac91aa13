import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf } from '../../../../../src/main/services/audit/audit-chain';
import { AuditTrail } from '../../../../../src/main/services/audit/audit-trail';
import type { AuditRecord } from '../../../../../src/shared/model/audit';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-trail-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A call record of `databases.drop` on database `db<i>`. */
function call(i: number): Record<string, unknown> {
  return {
    type: 'call',
    source: { kind: 'app', version: '1.0.0' },
    profile: { id: 'p1', name: 'Prod' },
    principal: { kind: 'token', tenantName: 'acme', userName: 'ada' },
    region: 'EU',
    host: 'eu.example.test',
    operation: 'databases.drop',
    target: { instanceName: 'sql-1', databaseName: `db${i}` },
    outcome: { ok: true, status: 200 },
  };
}

async function appendMany(trail: AuditTrail, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i += 1) await trail.append(call(i));
}

const CURRENT = () => join(dir, 'audit.jsonl');

async function lines(file = CURRENT()): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
}

async function damagedFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^audit-.+\.damaged\.jsonl$/.test(name)).sort();
}

function databaseOf(record: AuditRecord | undefined): string | undefined {
  return record?.type === 'call' ? record.target['databaseName'] : undefined;
}

describe('AuditTrail', () => {
  it('chains every record to the one before and verifies on read', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 3);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.movedAside).toEqual([]);
    const [a, b, c] = list.records;
    expect(list.records.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(a?.prev).toBeNull();
    expect(b?.prev).toBe(a?.hash);
    expect(c?.prev).toBe(b?.hash);
    for (const record of list.records) expect(digestOf(record)).toBe(record.hash);
    expect((await lines()).length).toBe(3);
  });

  it('finds an edited record, sets it aside with what follows, keeps what came before and starts a chain that records it', async () => {
    const trail = new AuditTrail({ dir, now: () => new Date('2026-11-27T09:00:00.000Z') });
    await appendMany(trail, 1, 3);
    const original = await lines();
    const edited = original.map((line, i) => (i === 1 ? line.replace('"db2"', '"dbX"') : line));
    await writeFile(CURRENT(), edited.join('\n') + '\n');

    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'tampered',
      seq: 2,
      reason: 'hash',
      file: 'audit.jsonl',
    });
    expect(list.movedAside).toEqual(['audit-2026-11-27T09-00-00Z.damaged.jsonl']);
    expect(await damagedFiles()).toEqual(list.movedAside);
    // Kept aside as it was found, never deleted; the record before the damage stays in place.
    expect(await lines(join(dir, list.movedAside[0] ?? ''))).toEqual(edited);
    const [first, started] = list.records;
    expect(list.records).toHaveLength(2);
    expect(databaseOf(first)).toBe('db1');
    expect(started).toMatchObject({ type: 'chainStarted', seq: 2, prev: first?.hash });
    expect(started?.type === 'chainStarted' && started.verdict.status).toBe('tampered');

    await trail.append(call(4));
    const again = await trail.list();
    expect(again.verdict).toEqual({ status: 'ok' });
    expect(again.records.map((r) => r.type)).toEqual(['call', 'chainStarted', 'call']);
    expect(again.records[2]?.prev).toBe(again.records[1]?.hash);
  });

  it('finds a record whose digest was recomputed after an edit, by the next link', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 3);
    const records = (await lines()).map((line) => JSON.parse(line) as Record<string, unknown>);
    const second = records[1] ?? {};
    second['target'] = { instanceName: 'sql-1', databaseName: 'dbX' };
    second['hash'] = digestOf(second);
    await writeFile(CURRENT(), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const list = await trail.list();
    expect(list.verdict).toMatchObject({ status: 'tampered', seq: 3, reason: 'link' });
    expect(await damagedFiles()).toHaveLength(1);
    // The resealed record verifies alone: the one before a broken link is not trusted either.
    expect(list.records.map((r) => r.type)).toEqual(['call', 'chainStarted']);
    expect(databaseOf(list.records[0])).toBe('db1');
  });

  it('finds a deleted record as a gap in the numbering', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 4);
    const kept = (await lines()).filter((_, i) => i !== 1);
    await writeFile(CURRENT(), kept.join('\n') + '\n');
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'gap',
      expectedSeq: 2,
      foundSeq: 3,
      file: 'audit.jsonl',
    });
    expect(await lines(join(dir, list.movedAside[0] ?? ''))).toEqual(kept);
    expect(list.records.map((r) => [r.seq, r.type])).toEqual([
      [1, 'call'],
      [2, 'chainStarted'],
    ]);
  });

  it('finds a line cut by a crash, on the next append too, and keeps every whole record before it', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 3);
    const text = await readFile(CURRENT(), 'utf8');
    await writeFile(CURRENT(), text.slice(0, text.length - 40));

    // The append notices the cut end, sets the cut line aside and links after a chain start.
    await trail.append(call(4));
    const [moved] = await damagedFiles();
    expect(moved).toBeDefined();
    expect(await readFile(join(dir, moved ?? ''), 'utf8')).toBe(text.slice(0, text.length - 40));
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    const [one, two, started, next] = list.records;
    expect([databaseOf(one), databaseOf(two)]).toEqual(['db1', 'db2']);
    // A cut line is what a crash leaves: truncated, not tampered.
    expect(started).toMatchObject({
      type: 'chainStarted',
      seq: 3,
      verdict: { status: 'truncated', afterSeq: 2, file: 'audit.jsonl' },
      movedAside: [moved],
    });
    expect(databaseOf(next)).toBe('db4');
  });

  it('finds whole records cut off the end through the head it keeps', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 3);
    const kept = (await lines()).slice(0, 2);
    await writeFile(CURRENT(), kept.join('\n') + '\n');
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'truncated', afterSeq: 2, file: 'audit.jsonl' });
    // Nothing but the records that verified is left: nothing to set aside, and they stay.
    expect(list.movedAside).toEqual([]);
    expect(list.records.map((r) => [r.seq, r.type])).toEqual([
      [1, 'call'],
      [2, 'call'],
      [3, 'chainStarted'],
    ]);
  });

  it('finds a last record rewritten and sealed again through the head, and sets it aside', async () => {
    const trail = new AuditTrail({ dir });
    await appendMany(trail, 1, 3);
    const records = (await lines()).map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = records[2] ?? {};
    last['target'] = { instanceName: 'sql-1', databaseName: 'dbX' };
    last['hash'] = digestOf(last);
    const rewritten = records.map((r) => JSON.stringify(r));
    await writeFile(CURRENT(), rewritten.join('\n') + '\n');
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'tampered',
      seq: 3,
      reason: 'hash',
      file: 'audit.jsonl',
    });
    expect(await lines(join(dir, list.movedAside[0] ?? ''))).toEqual(rewritten);
    expect(list.records.map((r) => [r.seq, databaseOf(r) ?? r.type])).toEqual([
      [1, 'db1'],
      [2, 'db2'],
      [3, 'chainStarted'],
    ]);
  });

  it('rotates by size, keeps the newest records and verifies the chain across files', async () => {
    const trail = new AuditTrail({ dir, maxFileBytes: 2_000, keepFiles: 2 });
    await appendMany(trail, 1, 40);
    const names = (await readdir(dir)).filter((name) => name.endsWith('.jsonl')).sort();
    const rotated = names.filter((name) => /^audit-\d{12}\.jsonl$/.test(name));
    expect(rotated).toHaveLength(2);
    expect(names).toContain('audit.jsonl');
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    const seqs = list.records.map((r) => r.seq);
    expect(seqs.at(-1)).toBe(40);
    expect(databaseOf(list.records.at(-1))).toBe('db40');
    // Contiguous across the files; the oldest kept links to a record rotated away.
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    expect(seqs[0]).toBeGreaterThan(1);
    expect(list.records[0]?.prev).not.toBeNull();
    // Each rotated file is named by its first record, and the next file links to its last.
    const firstOfCurrent = JSON.parse((await lines())[0] ?? '{}') as AuditRecord;
    const lastRotated = await lines(join(dir, rotated[1] ?? ''));
    const before = JSON.parse(lastRotated.at(-1) ?? '{}') as AuditRecord;
    expect(firstOfCurrent.prev).toBe(before.hash);
    expect(Number(rotated[1]?.slice(6, 18))).toBe(
      (JSON.parse(lastRotated[0] ?? '{}') as AuditRecord).seq,
    );
  });

  it('lists every record before an edit in the oldest of several files', async () => {
    const trail = new AuditTrail({ dir, maxFileBytes: 2_000, keepFiles: 10 });
    await appendMany(trail, 1, 20);
    const rotated = (await readdir(dir)).filter((n) => /^audit-\d{12}\.jsonl$/.test(n)).sort();
    expect(rotated.length).toBeGreaterThanOrEqual(3);
    const oldest = join(dir, rotated[0] ?? '');
    const text = await lines(oldest);
    expect(text.length).toBeGreaterThanOrEqual(3);
    // One byte of the third record.
    await writeFile(
      oldest,
      text.map((l, i) => (i === 2 ? l.replace('"db3"', '"db8"') : l)).join('\n') + '\n',
    );

    const list = await trail.list();
    expect(list.verdict).toMatchObject({
      status: 'tampered',
      seq: 3,
      reason: 'hash',
      file: rotated[0],
    });
    expect(list.records.map((r) => [r.seq, databaseOf(r) ?? r.type])).toEqual([
      [1, 'db1'],
      [2, 'db2'],
      [3, 'chainStarted'],
    ]);
    // The oldest file is kept aside whole, and every later file as it was.
    expect(list.movedAside).toHaveLength(rotated.length + 1);
    expect((await lines(join(dir, list.movedAside[0] ?? ''))).length).toBe(text.length);
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });

  it('keeps the files before a damaged rotated file and links the new chain to them', async () => {
    const trail = new AuditTrail({ dir, maxFileBytes: 2_000, keepFiles: 10 });
    await appendMany(trail, 1, 20);
    const rotated = (await readdir(dir)).filter((n) => /^audit-\d{12}\.jsonl$/.test(n)).sort();
    expect(rotated.length).toBeGreaterThanOrEqual(2);
    const second = join(dir, rotated[1] ?? '');
    const text = await lines(second);
    await writeFile(
      second,
      [text[0]?.replace('"ok":true', '"ok":false'), ...text.slice(1)].join('\n') + '\n',
    );
    const firstFile = await lines(join(dir, rotated[0] ?? ''));
    const lastGood = JSON.parse(firstFile.at(-1) ?? '{}') as AuditRecord;

    const list = await trail.list();
    expect(list.verdict).toMatchObject({ status: 'tampered', reason: 'hash', file: rotated[1] });
    // The damaged file and every later one go aside; the first stays in the trail.
    expect(list.movedAside).toHaveLength(rotated.length); // rotated[1..] and the current file
    expect(list.records.slice(0, -1).map((r) => r.seq)).toEqual(
      Array.from({ length: firstFile.length }, (_, i) => i + 1),
    );
    const started = list.records.at(-1);
    expect(started).toMatchObject({
      type: 'chainStarted',
      seq: lastGood.seq + 1,
      prev: lastGood.hash,
    });
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });
});
