import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportJournal } from '../../../../../src/main/services/transfers/journal-schema';
import { JournalStore } from '../../../../../src/main/services/transfers/journal-store';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journals-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function journal(id: string, parts: Record<string, string> = {}): ImportJournal {
  return {
    version: 1,
    id,
    kind: 'import',
    profileId: 'p',
    instanceName: 'sql-eu-dev-01',
    databaseName: 'Sales',
    fileType: 'bak',
    status: 'active',
    phase: 'uploading',
    sourcePath: '/data/sales.bak',
    source: { size: 10, mtimeMs: 1, headSha256: 'a'.repeat(64), tailSha256: 'b'.repeat(64) },
    mode: 'multipart',
    partSize: 5,
    partCount: 2,
    uploadId: 'u-1',
    parts,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('JournalStore', () => {
  it('writes one file per transfer and reads them back', async () => {
    const store = new JournalStore({ dir });
    await store.save(journal('t1', { '1': '"e1"' }));
    await store.save(journal('t2'));
    const loaded = await new JournalStore({ dir }).loadAll();
    expect(loaded.damaged).toEqual([]);
    expect(loaded.journals.map((j) => j.id)).toEqual(['t1', 't2']);
    expect(loaded.journals[0]).toEqual(journal('t1', { '1': '"e1"' }));
    expect((await readdir(dir)).sort()).toEqual(['t1.json', 't2.json']);
  });

  it('coalesces a burst of saves and ends with the newest state on disk', async () => {
    const store = new JournalStore({ dir });
    const saves = [];
    const parts: Record<string, string> = {};
    for (let part = 1; part <= 20; part += 1) {
      parts[String(part)] = `"e${part}"`;
      saves.push(store.save(journal('t1', { ...parts })));
    }
    await Promise.all(saves);
    const onDisk = JSON.parse(await readFile(join(dir, 't1.json'), 'utf8')) as ImportJournal;
    expect(Object.keys(onDisk.parts)).toHaveLength(20);
    expect(await readdir(dir)).toEqual(['t1.json']);
  });

  it('sets damaged journals aside and reports them, and drops stale temporary files', async () => {
    await writeFile(join(dir, 'bad.json'), '{ not json');
    await writeFile(
      join(dir, 'wrong.json'),
      JSON.stringify({ version: 1, id: 'wrong', kind: 'import' }),
    );
    await writeFile(join(dir, 'other.json'), JSON.stringify(journal('someone-else')));
    await writeFile(join(dir, 'ok.json.123.4.tmp'), 'half');
    await new JournalStore({ dir }).save(journal('ok'));
    const store = new JournalStore({ dir, now: () => new Date('2026-02-03T04:05:06.007Z') });
    const { journals, damaged } = await store.loadAll();
    expect(journals.map((j) => j.id)).toEqual(['ok']);
    expect(damaged.map((d) => [d.file.split('/').pop(), d.reason.split(' (')[0]])).toEqual([
      ['bad.json', 'its JSON is cut short or broken'],
      ['other.json', 'its id does not match its name'],
      ['wrong.json', 'it is not a valid journal'],
    ]);
    expect((await readdir(dir)).sort()).toEqual([
      'bad.json.damaged-2026-02-03T04-05-06-007Z',
      'ok.json',
      'other.json.damaged-2026-02-03T04-05-06-007Z',
      'wrong.json.damaged-2026-02-03T04-05-06-007Z',
    ]);
  });

  it('sets aside a journal whose part size was edited, blaming the journal, and says what it held', async () => {
    const edited = { ...journal('t1', { '1': '"e1"' }), partSize: 4 };
    await writeFile(join(dir, 't1.json'), JSON.stringify(edited));
    await writeFile(join(dir, 't2.json'), '');
    const { journals, damaged } = await new JournalStore({ dir }).loadAll();
    expect(journals).toEqual([]);
    const [first, second] = damaged;
    expect(first?.reason).toBe(
      'its part size (4 bytes) and part count (2) do not cut a file of 10 bytes: the journal was edited or damaged',
    );
    expect(first?.salvaged).toMatchObject({
      kind: 'import',
      sourcePath: '/data/sales.bak',
      uploadId: 'u-1',
      partsSent: 1,
    });
    expect(first?.message).toContain(`The journal of the upload of /data/sales.bak to Sales`);
    expect(first?.message).toContain(join(dir, 't1.json'));
    expect(second?.message).toMatch(
      /^A transfer journal \(.*t2\.json\) could not be read: it is empty\./,
    );
  });

  it('removes a journal for good: a save that arrives afterwards does not bring it back', async () => {
    const store = new JournalStore({ dir });
    await store.save(journal('t1'));
    const late = store.save(journal('t1', { '1': '"e"' }));
    await store.remove('t1');
    await late;
    await store.save(journal('t1', { '2': '"e"' }));
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses ids that could escape the folder', () => {
    const store = new JournalStore({ dir });
    expect(() => store.fileOf('../x')).toThrow();
  });
});
