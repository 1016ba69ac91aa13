import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../../../src/main/services/log/logger';
import type { ImportJournal } from '../../../../../../src/main/services/transfers/journal-schema';
import {
  partList,
  verifySentParts,
} from '../../../../../../src/main/services/transfers/upload/part-verify';
import type { TransferContext } from '../../../../../../src/main/services/transfers/transfer-context';

/* The check of a resumed import's sent parts, over a real file and a stand-in context. */

const PART = 1000;
let dir = '';
let path = '';
let content = Buffer.alloc(0);

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');
const partOf = (bytes: Buffer, part: number): Buffer =>
  bytes.subarray((part - 1) * PART, Math.min(bytes.length, part * PART));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'part-verify-'));
  path = join(dir, 'source.bak');
  content = Buffer.from(Array.from({ length: 4500 }, (_, i) => (i * 7) % 251));
  await writeFile(path, content);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function context(sent: Record<string, { etag: string; md5?: string }>) {
  const states: string[] = [];
  let saves = 0;
  let bytes = 0;
  const journal = {
    id: 't',
    sourcePath: path,
    source: { size: content.length },
    partSize: PART,
    partCount: 5,
    parts: Object.fromEntries(Object.entries(sent).map(([n, v]) => [n, v.etag])),
    partMd5: Object.fromEntries(
      Object.entries(sent).flatMap(([n, v]) => (v.md5 === undefined ? [] : [[n, v.md5]])),
    ),
  } as unknown as ImportJournal;
  const ctx = {
    journal,
    signal: new AbortController().signal,
    settings: { logger: silentLogger },
    setState: (state: string) => states.push(state),
    setBytes: (done: number) => (bytes = done),
    addBytes: (delta: number) => (bytes += delta),
    save: () => {
      saves += 1;
      return Promise.resolve();
    },
  } as unknown as TransferContext<ImportJournal>;
  return { ctx, journal, states, saves: () => saves, bytes: () => bytes };
}

const sentAs = (part: number, bytes = content) => ({
  etag: `"${md5(partOf(bytes, part))}"`,
  md5: md5(partOf(bytes, part)),
});

describe('verifySentParts', () => {
  it('keeps every part whose bytes on disk are the ones sent', async () => {
    const { ctx, journal, states, saves, bytes } = context({ 1: sentAs(1), 2: sentAs(2) });
    const check = await verifySentParts(ctx);
    expect(check).toEqual({ verified: 2, changed: [], bytesRead: 2 * PART });
    expect(Object.keys(journal.parts)).toEqual(['1', '2']);
    expect(states).toEqual(['verifying']);
    expect(bytes()).toBe(2 * PART);
    expect(saves()).toBe(0);
  });

  it('drops a part whose bytes changed since it was sent, so it is sent again', async () => {
    const old = Buffer.from(content);
    old[PART + 10] = (old[PART + 10] ?? 0) ^ 0xff; // what part 2 was when it was sent
    const { ctx, journal, saves } = context({ 1: sentAs(1), 2: sentAs(2, old), 3: sentAs(3) });
    const check = await verifySentParts(ctx);
    expect(check.changed).toEqual([2]);
    expect(check.verified).toBe(2);
    expect(Object.keys(journal.parts).sort()).toEqual(['1', '3']);
    expect(Object.keys(journal.partMd5 ?? {}).sort()).toEqual(['1', '3']);
    expect(saves()).toBe(1);
  });

  it('refuses a file of which every part sent before differs, naming it', async () => {
    const other = Buffer.alloc(content.length, 9);
    const { ctx } = context({ 1: sentAs(1, other), 2: sentAs(2, other) });
    const error: unknown = await verifySentParts(ctx).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'VALIDATION' });
    expect((error as Error).message).toMatch(
      /source\.bak is not the file this upload started with: all 2 parts sent before differ/,
    );
  });

  it('uses an MD5 ETag when the journal has no MD5 of its own, and re-sends a part it cannot prove', async () => {
    const { ctx, journal } = context({
      1: { etag: sentAs(1).etag },
      2: { etag: '"opaque-etag-of-an-encrypting-host"' },
      5: { etag: sentAs(5).etag.toUpperCase() },
    });
    const check = await verifySentParts(ctx);
    expect(check.changed).toEqual([2]);
    expect(Object.keys(journal.parts).sort()).toEqual(['1', '5']);
  });

  it('counts the parts it drops as parts sent again', async () => {
    const old = Buffer.from(content);
    old[10] = (old[10] ?? 0) ^ 0xff;
    const { ctx, journal } = context({ 1: sentAs(1, old), 2: sentAs(2) });
    journal.resentParts = 2;
    await verifySentParts(ctx);
    expect(journal.resentParts).toBe(3);
  });

  it('does nothing when no part was sent', async () => {
    const { ctx, states } = context({});
    expect(await verifySentParts(ctx)).toEqual({ verified: 0, changed: [], bytesRead: 0 });
    expect(states).toEqual([]);
  });
});

describe('partList', () => {
  it('writes part numbers as short runs', () => {
    expect(partList([7, 2, 3, 4, 9])).toBe('2-4, 7, 9');
    expect(partList([5])).toBe('5');
  });
});
