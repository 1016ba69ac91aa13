import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRoots, listFolder, type BrowserRoots } from '../../../harness/folder-listing';

let base: string;
let root: string;
let outside: string;
let roots: BrowserRoots;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'databridge-listing-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'exports'), { recursive: true });
  await mkdir(join(root, 'Backups 10'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(root, 'file10.bak'), 'x'.repeat(10));
  await writeFile(join(root, 'file2.bak'), 'xx');
  await writeFile(join(root, '.hidden'), '');
  await writeFile(join(outside, 'secret.bak'), 'secret');
  await symlink(outside, join(root, 'escape'));
  roots = await browserRoots([root, join(base, 'missing')]);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const list = (path: string, from?: string) => listFolder(path, { from, home: base, roots });

describe('listFolder', () => {
  it('lists folders first, then files, each in the order a person sorts, hidden ones left out', async () => {
    const listing = await list(root);
    expect(listing.path).toBe(root);
    expect(listing.parent).toBeNull();
    expect(listing.entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'folder:Backups 10',
      'folder:exports',
      'file:file2.bak',
      'file:file10.bak',
    ]);
    const file10 = listing.entries.find((e) => e.name === 'file10.bak');
    expect(file10).toMatchObject({ path: join(root, 'file10.bak'), sizeBytes: 10 });
    expect(Number.isNaN(Date.parse(file10?.modifiedAt ?? ''))).toBe(false);
    expect(listing.entries.find((e) => e.kind === 'folder')?.sizeBytes).toBeNull();
    expect(listing).toMatchObject({ isTruncated: false, namedFile: null });
  });

  it('leaves out a link that leads outside the roots, and refuses it when typed', async () => {
    const listing = await list(root);
    expect(listing.entries.map((e) => e.name)).not.toContain('escape');
    await expect(list(join(root, 'escape'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(list(join(root, 'escape', 'secret.bak'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('lists the folder of a typed file, naming the file; a relative path starts at `from`', async () => {
    const listing = await list('../file2.bak', join(root, 'exports'));
    expect(listing.path).toBe(root);
    expect(listing.namedFile).toBe(join(root, 'file2.bak'));
    const inner = await list('exports', root);
    expect(inner).toMatchObject({ path: join(root, 'exports'), parent: root, entries: [] });
  });

  it('refuses whatever lies outside the roots, there or not, and says when nothing is there', async () => {
    await expect(list(outside)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(list(join(root, '..'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(list('/no/such/place')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(list(join(root, 'nothing-here'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps only the roots that exist', () => {
    expect(roots.shown).toEqual([root]);
  });
});
