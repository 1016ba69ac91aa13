import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf } from '../../../../../src/main/services/audit/audit-chain';
import { TrailKeyring, trailId } from '../../../../../src/main/services/audit/audit-keyring';
import { AuditTrail } from '../../../../../src/main/services/audit/audit-trail';
import { silentLogger } from '../../../../../src/main/services/log/logger';
import {
  MemorySecretStore,
  type SecretStore,
} from '../../../../../src/main/services/secrets/secret-store';
import type { AuditRecord } from '../../../../../src/shared/model/audit';

/*
 * The keyed, anchored trail against real files, with the keychain in memory: every damage and
 * deletion the chain alone missed (a chain sealed again, an end cut with its head file, a
 * deleted start, oldest file or folder) is found on the next read and reported once, in its
 * own words, and a legitimate rotation with pruning is not.
 */

let root: string;
let dir: string;
let store: MemorySecretStore;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'audit-anchor-'));
  dir = join(root, 'data', 'audit');
  store = new MemorySecretStore();
});
afterEach(() => rm(root, { recursive: true, force: true }));

const account = (): string => `audit-trail:${trailId(dir)}`;

/** The trail of `dir` keyed in `secretStore` (small files when `sizes` says so). */
function trailOf(
  secretStore: SecretStore = store,
  sizes: { maxFileBytes?: number; keepFiles?: number } = {},
): AuditTrail {
  const keyring = new TrailKeyring({ store: secretStore, dir });
  return new AuditTrail({ dir, keyring, logger: silentLogger, ...sizes });
}

/** A call record of `databases.drop` on database `db<i>`. */
function call(i: number): Record<string, unknown> {
  return {
    type: 'call',
    source: { kind: 'app', version: '1.0.0' },
    profile: { id: 'p1', name: 'Prod' },
    principal: { kind: 'token', tenantName: 'acme', userName: 'ada' },
    host: 'eu.example.test',
    operation: 'databases.drop',
    target: { instanceName: 'sql-1', databaseName: `db${i}` },
    outcome: { ok: true, status: 200 },
  };
}

async function appendMany(trail: AuditTrail, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i += 1) await trail.append(call(i));
}

const CURRENT = (): string => join(dir, 'audit.jsonl');

async function lines(file = CURRENT()): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
}

async function writeLines(file: string, text: readonly string[]): Promise<void> {
  await writeFile(file, text.join('\n') + '\n');
}

/** The head file as an append would write it for `record`: a cut made to look whole. */
async function headAt(record: { seq: number; hash: string }): Promise<void> {
  await writeFile(
    join(dir, 'audit-head.json'),
    JSON.stringify({ seq: record.seq, hash: record.hash }),
  );
}

/** Every record rewritten and linked again, each digest made by `sealer` (no key: SHA-256). */
async function resealAll(v: 1 | 2, key?: Buffer): Promise<string[]> {
  let prev: string | null = null;
  const out: string[] = [];
  for (const line of await lines()) {
    const record = JSON.parse(line) as Record<string, unknown>;
    record['v'] = v;
    record['prev'] = prev;
    if (record['type'] === 'call') record['outcome'] = { ok: false, status: 500 };
    record['hash'] = digestOf(record, key);
    prev = record['hash'] as string;
    out.push(JSON.stringify(record));
  }
  await writeLines(CURRENT(), out);
  const last = JSON.parse(out.at(-1) ?? '{}') as { seq: number; hash: string };
  await headAt(last);
  return out;
}

const seqs = (records: readonly AuditRecord[]): number[] => records.map((r) => r.seq);

describe('a keyed trail', () => {
  it('seals records with an HMAC under a key that only the keychain holds', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 3);
    const stored = JSON.parse((await store.get(account())) ?? '{}') as { key: string };
    const key = Buffer.from(stored.key, 'base64');
    expect(key).toHaveLength(32);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.anchor).toEqual({ keyed: true, unkeyed: 0 });
    for (const record of list.records) {
      expect(record.v).toBe(2);
      expect(digestOf(record, key)).toBe(record.hash);
      expect(digestOf(record)).not.toBe(record.hash);
    }
    // Neither the key nor anything made of it but the digests is in the folder.
    for (const name of await readdir(dir)) {
      expect(await readFile(join(dir, name), 'utf8')).not.toContain(stored.key);
    }
  });

  it('costs one keychain read and one write per append', async () => {
    const calls: string[] = [];
    const counting: SecretStore = {
      kind: 'memory',
      get: (name) => (calls.push('get'), store.get(name)),
      set: (name, secret) => (calls.push('set'), store.set(name, secret)),
      delete: (name) => store.delete(name),
    };
    const trail = trailOf(counting);
    await appendMany(trail, 1, 3);
    expect(calls).toEqual(['get', 'set', 'get', 'set', 'get', 'set']);
  });

  it('finds one edited byte of a keyed record, resealed with a plain SHA-256 or not', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 3);
    const records = (await lines()).map((line) => JSON.parse(line) as Record<string, unknown>);
    const second = records[1] ?? {};
    second['target'] = { instanceName: 'sql-1', databaseName: 'dbX' };
    second['hash'] = digestOf(second); // what anyone can recompute
    await writeLines(
      CURRENT(),
      records.map((r) => JSON.stringify(r)),
    );
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'tampered',
      seq: 2,
      reason: 'hash',
      file: 'audit.jsonl',
    });
    expect(seqs(list.records)).toEqual([1, 2]);
    expect(list.records[1]?.type).toBe('chainStarted');
  });

  it('finds the whole chain sealed again with plain SHA-256, head file and all', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 4);
    const rewritten = await resealAll(1);
    const list = await trail.list();
    // Each link holds; the anchor does not: its last record is not this one, and the anchor
    // says the chain was keyed from record 1.
    expect(list.verdict).toEqual({
      status: 'tampered',
      seq: 1,
      reason: 'unkeyed',
      file: 'audit.jsonl',
    });
    expect(await lines(join(dir, list.movedAside[0] ?? ''))).toEqual(rewritten);
    expect(list.records.map((r) => r.type)).toEqual(['chainStarted']);
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });

  it('finds the whole chain sealed again with another key', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 4);
    await resealAll(2, randomBytes(32));
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'tampered',
      seq: 1,
      reason: 'hash',
      file: 'audit.jsonl',
    });
    expect(list.records.map((r) => r.type)).toEqual(['chainStarted']);
  });

  it('finds the last records cut off together with the head file, on a read and on an append', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 5);
    const kept = (await lines()).slice(0, 3);
    await writeLines(CURRENT(), kept);
    await headAt(JSON.parse(kept[2] ?? '{}') as AuditRecord);

    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'cut',
      afterSeq: 3,
      anchoredSeq: 5,
      file: 'audit.jsonl',
    });
    expect(list.movedAside).toEqual([]);
    expect(list.records.map((r) => [r.seq, r.type])).toEqual([
      [1, 'call'],
      [2, 'call'],
      [3, 'call'],
      [4, 'chainStarted'],
    ]);
    // Reported once, then kept in the trail.
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });

    // The same cut found by the next change: it is recorded before the change's record.
    await appendMany(trail, 6, 7);
    const cut = (await lines()).slice(0, 4);
    await writeLines(CURRENT(), cut);
    await headAt(JSON.parse(cut[3] ?? '{}') as AuditRecord);
    const record = await trail.append(call(8));
    const after = await trail.list();
    expect(after.verdict).toEqual({ status: 'ok' });
    expect(after.records.at(-2)).toMatchObject({
      type: 'chainStarted',
      verdict: { status: 'cut', afterSeq: 4, anchoredSeq: 6 },
    });
    expect(after.records.at(-1)?.seq).toBe(record.seq);
  });

  it('finds an end cut with a torn line left to look like a crash', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 5);
    const all = await lines();
    await writeFile(CURRENT(), all.slice(0, 2).join('\n') + '\n' + (all[2] ?? '').slice(0, 30));
    await headAt(JSON.parse(all[1] ?? '{}') as AuditRecord);
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'cut',
      afterSeq: 2,
      anchoredSeq: 5,
      file: 'audit.jsonl',
    });
  });

  it('still takes a line torn by a crash for a crash', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 3);
    // The torn record was never anchored: the anchor moves after the line is flushed.
    await writeFile(CURRENT(), (await readFile(CURRENT(), 'utf8')) + '{"v":2,"seq":4,"pr');
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'truncated', afterSeq: 3, file: 'audit.jsonl' });
  });

  it('finds its first records deleted', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 5);
    await writeLines(CURRENT(), (await lines()).slice(2));
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'firstRecordsDeleted',
      expectedSeq: 1,
      foundSeq: 3,
      file: 'audit.jsonl',
    });
    expect(seqs(list.records)).toEqual([3, 4, 5, 6]);
    expect(list.records.at(-1)?.type).toBe('chainStarted');
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });

  it('finds the whole folder deleted, and starts a chain that records it', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 4);
    await rm(dir, { recursive: true });
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'trailDeleted', anchoredSeq: 4 });
    expect(list.records).toMatchObject([{ seq: 1, prev: null, type: 'chainStarted' }]);
    await trail.append(call(5));
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });

  it('finds the folder deleted on the next change too', async () => {
    const trail = trailOf();
    await appendMany(trail, 1, 4);
    await rm(dir, { recursive: true });
    await trail.append(call(5));
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.records.map((r) => r.type)).toEqual(['chainStarted', 'call']);
    expect(list.records[0]).toMatchObject({ verdict: { status: 'trailDeleted', anchoredSeq: 4 } });
  });
});

describe('a keyed trail across rotated files', () => {
  const small = { maxFileBytes: 2_000, keepFiles: 2 };
  const rotatedFiles = async (): Promise<string[]> =>
    (await readdir(dir)).filter((name) => /^audit-\d{12}\.jsonl$/.test(name)).sort();

  it('verifies after rotations whose pruning deleted the oldest files', async () => {
    const trail = trailOf(store, small);
    await appendMany(trail, 1, 40);
    const rotated = await rotatedFiles();
    expect(rotated).toHaveLength(2);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.records[0]?.seq).toBeGreaterThan(1);
    expect(list.records.at(-1)?.seq).toBe(40);
    // The anchor expects exactly the files left: the two rotated ones and the current one.
    const entry = JSON.parse((await store.get(account())) ?? '{}') as { starts: number[] };
    expect(entry.starts).toEqual([
      ...rotated.map((name) => Number(name.slice(6, 18))),
      (JSON.parse((await lines())[0] ?? '{}') as AuditRecord).seq,
    ]);
  });

  it('finds its oldest file deleted', async () => {
    const trail = trailOf(store, small);
    await appendMany(trail, 1, 40);
    const [oldest, next] = await rotatedFiles();
    await rm(join(dir, oldest ?? ''));
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'oldestFileDeleted',
      expectedSeq: Number(oldest?.slice(6, 18)),
      foundSeq: Number(next?.slice(6, 18)),
      file: next,
    });
    expect(list.records.at(-1)?.type).toBe('chainStarted');
    expect((await trail.list()).verdict).toEqual({ status: 'ok' });
  });

  it('finds the first records of its oldest file deleted', async () => {
    const trail = trailOf(store, small);
    await appendMany(trail, 1, 40);
    const [oldest] = await rotatedFiles();
    const file = join(dir, oldest ?? '');
    const text = await lines(file);
    await writeLines(file, text.slice(1));
    const list = await trail.list();
    expect(list.verdict).toEqual({
      status: 'firstRecordsDeleted',
      expectedSeq: Number(oldest?.slice(6, 18)),
      foundSeq: Number(oldest?.slice(6, 18)) + 1,
      file: oldest,
    });
  });

  it('does not prune a file while the keychain does not take the anchor, so no deletion is reported', async () => {
    let refuseWrites = false;
    const flaky: SecretStore = {
      kind: 'keychain',
      get: (name) => store.get(name),
      set: (name, secret) =>
        refuseWrites ? Promise.reject(new Error('keychain locked')) : store.set(name, secret),
      delete: (name) => store.delete(name),
    };
    const trail = trailOf(flaky, small);
    await appendMany(trail, 1, 20);
    const before = await rotatedFiles();
    refuseWrites = true;
    await appendMany(trail, 21, 40);
    // The files the anchor still expects are all there.
    expect((await rotatedFiles()).slice(0, before.length)).toEqual(before);
    refuseWrites = false;
    await appendMany(trail, 41, 45);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(await rotatedFiles()).toHaveLength(2);
  });
});

describe('a trail whose keychain does not answer', () => {
  const absent: SecretStore = {
    kind: 'keychain',
    get: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    set: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    delete: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  };

  it('goes on unkeyed, and every read says what it could not check', async () => {
    const trail = trailOf(absent);
    await appendMany(trail, 1, 3);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.records.map((r) => r.v)).toEqual([1, 1, 1]);
    expect(list.anchor).toEqual({
      keyed: false,
      reason: expect.stringContaining(
        'the OS keychain did not answer (Cannot autolaunch D-Bus',
      ) as string,
      unkeyed: 3,
    });
  });

  it('keys the records again once it answers, and its unkeyed stretch raises no alarm', async () => {
    await appendMany(trailOf(), 1, 2);
    await appendMany(trailOf(absent), 3, 4);
    const trail = trailOf();
    await appendMany(trail, 5, 6);
    const list = await trail.list();
    expect(list.verdict).toEqual({ status: 'ok' });
    expect(list.records.map((r) => r.v)).toEqual([2, 2, 1, 1, 2, 2]);
    expect(list.anchor).toEqual({ keyed: true, unkeyed: 2 });
  });

  it('waits no longer than its bound for a keychain that never answers', async () => {
    const silent: SecretStore = {
      kind: 'keychain',
      get: () => new Promise(() => undefined),
      set: () => new Promise(() => undefined),
      delete: () => new Promise(() => undefined),
    };
    const keyring = new TrailKeyring({ store: silent, dir, timeoutMs: 50 });
    const trail = new AuditTrail({ dir, keyring });
    const record = await trail.append(call(1));
    expect(record.v).toBe(1);
    expect((await trail.list()).anchor).toMatchObject({
      keyed: false,
      reason: expect.stringContaining('no answer within 0.05 s') as string,
    });
  });
});
