import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../../../../src/main/services/log/logger';
import { readFileIdentity } from '../../../../../../src/main/services/transfers/file-identity';
import type { ImportJournal } from '../../../../../../src/main/services/transfers/journal-schema';
import type { TransferContext } from '../../../../../../src/main/services/transfers/transfer-context';
import {
  systemCloner,
  type SourceCloner,
} from '../../../../../../src/main/services/transfers/transfer-disk';
import {
  assertReadUnchanged,
  clonePathOf,
  dropClone,
  noteReadIdentity,
  prepareSource,
  readSourceOf,
  removeClone,
} from '../../../../../../src/main/services/transfers/upload/source-clone';

/*
 * The clone an upload reads instead of its source: made, journaled, kept across a resume,
 * forgotten when it is gone or changed, removed at the end; over real files and a stand-in
 * context. A copy stands for the clone (the machine's disk may not clone): what is tested is
 * what the engine does with one, and the real clone has tests of its own (systemCloner here,
 * source-clone.reflink.test.ts on a real Btrfs).
 */

const MIB = 1024 * 1024;
let dir = '';
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'source-clone-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A 3 MiB source (so that its head, middle and tail differ) in a folder of its own. */
async function source(): Promise<string> {
  counter += 1;
  const folder = join(dir, `case-${counter}`);
  await mkdir(folder);
  const path = join(folder, 'Sales.bak');
  const data = Buffer.alloc(3 * MIB);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 31 + counter) & 0xff;
  await writeFile(path, data);
  return path;
}

/** Writes `value` at `offset` of `path` in place. */
async function poke(path: string, offset: number, value = 0xee): Promise<void> {
  const handle = await open(path, 'r+');
  await handle.write(Buffer.from([value]), 0, 1, offset);
  await handle.close();
}

interface Seen {
  clones: { from: string; to: string; journaled: ImportJournal['clone'] }[];
  removed: string[];
  logs: { level: string; message: string; fields?: Record<string, unknown> }[];
  patches: Record<string, unknown>[];
  saves: number;
}

/** A cloner that copies (or fails with `failWith`), recording what the journal said then. */
function copyingCloner(seen: Seen, journal: () => ImportJournal, failWith?: string): SourceCloner {
  return {
    clone: async (from, to) => {
      seen.clones.push({ from, to, journaled: structuredClone(journal().clone) });
      if (failWith) throw Object.assign(new Error(failWith), { code: failWith });
      await copyFile(from, to, 1 /* COPYFILE_EXCL */);
    },
    remove: async (path) => {
      seen.removed.push(path);
      await rm(path, { force: true });
    },
  };
}

async function context(
  path: string,
  options: { enabled?: boolean; failWith?: string; cloner?: SourceCloner } = {},
) {
  const seen: Seen = { clones: [], removed: [], logs: [], patches: [], saves: 0 };
  const journal = {
    id: `t${counter}`,
    sourcePath: path,
    source: await readFileIdentity(path),
    partSize: MIB,
    partCount: 3,
    parts: {},
  } as unknown as ImportJournal;
  const logger: Logger = {
    debug: () => undefined,
    info: (message, fields) =>
      seen.logs.push({ level: 'info', message, ...(fields && { fields }) }),
    warn: (message, fields) =>
      seen.logs.push({ level: 'warn', message, ...(fields && { fields }) }),
    error: () => undefined,
  };
  const cloner = options.cloner ?? copyingCloner(seen, () => journal, options.failWith);
  const ctx = {
    journal,
    signal: new AbortController().signal,
    settings: { logger, cloner, cloneSources: () => options.enabled ?? true },
    patch: (fields: Record<string, unknown>) => seen.patches.push(fields),
    save: () => {
      seen.saves += 1;
      return Promise.resolve();
    },
  } as unknown as TransferContext<ImportJournal>;
  return { ctx, journal, seen };
}

describe('clonePathOf', () => {
  it('puts the clone beside its source, hidden, named for the transfer', () => {
    expect(clonePathOf('/data/backups/Sales.bak', 'abc-123')).toBe(
      '/data/backups/.databridge-clone-abc-123',
    );
  });
});

describe('prepareSource', () => {
  it('makes a clone beside the file, journals it once it is whole, and reads it from then on', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path);
    await prepareSource(ctx);
    const clonePath = clonePathOf(path, journal.id);
    expect(seen.clones).toEqual([{ from: path, to: clonePath, journaled: undefined }]);
    expect(journal.clone).toEqual({ path: clonePath, identity: await readFileIdentity(clonePath) });
    expect(seen.saves).toBe(1);
    expect(readSourceOf(journal)).toEqual({ path: clonePath, identity: journal.clone?.identity });
    expect(seen.patches).toEqual([{ readsClone: true }]);
    // The source changes: the upload reads the clone, which did not.
    await poke(path, 10);
    await expect(assertReadUnchanged(journal)).resolves.toBeUndefined();
  });

  it('reads the file itself when no clone can be made, and leaves nothing behind', async () => {
    for (const code of ['ENOTSUP', 'EXDEV', 'ENOSYS', 'EINVAL', 'EPERM', 'EACCES', 'EEXIST']) {
      const path = await source();
      const { ctx, journal, seen } = await context(path, { failWith: code });
      await prepareSource(ctx);
      expect(journal.clone).toBeUndefined();
      expect(readSourceOf(journal)).toEqual({ path, identity: journal.source });
      expect(seen.patches).toEqual([{ readsClone: undefined }]);
      expect(seen.logs).toContainEqual({
        level: 'info',
        message: 'No clone of the file could be made; the upload reads the file',
        fields: { transferId: journal.id, code },
      });
      // Only the name of this transfer's clone was cleared first; nothing journaled.
      expect(seen.removed).toEqual([clonePathOf(path, journal.id)]);
      expect(seen.saves).toBe(0);
      expect(await readdir(join(path, '..'))).toEqual(['Sales.bak']);
    }
  });

  it('makes no clone when the setting is off', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path, { enabled: false });
    await prepareSource(ctx);
    expect(seen.clones).toEqual([]);
    expect(journal.clone).toBeUndefined();
    expect(seen.saves).toBe(0);
  });

  it('refuses a file that changed since it was planned, before any clone is made', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path);
    await poke(path, 3 * MIB - 5);
    await expect(prepareSource(ctx)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(seen.clones).toEqual([]);
    expect(journal.clone).toBeUndefined();
  });

  it('drops a clone that is not the file as planned (it changed as it was cloned)', async () => {
    const path = await source();
    const removed: string[] = [];
    const cloner: SourceCloner = {
      clone: async (from, to) => {
        await copyFile(from, to);
        await poke(to, 1);
      },
      remove: async (at) => {
        removed.push(at);
        await rm(at, { force: true });
      },
    };
    const { ctx, journal, seen } = await context(path, { cloner });
    await prepareSource(ctx);
    expect(journal.clone).toBeUndefined();
    expect(new Set(removed)).toEqual(new Set([clonePathOf(path, journal.id)]));
    expect(seen.saves).toBe(0);
    expect(await readdir(join(path, '..'))).toEqual(['Sales.bak']);
    expect(seen.patches).toEqual([{ readsClone: undefined }]);
  });
});

describe('a resumed upload and its clone', () => {
  it('keeps reading the clone it made, however the file changed meanwhile', async () => {
    const path = await source();
    const first = await context(path);
    await prepareSource(first.ctx);
    const journaled = structuredClone(first.journal);
    // The run stops; the file is rewritten in place, its times and ends moved.
    await poke(path, 0);
    await poke(path, 3 * MIB - 1);
    const { ctx, journal, seen } = await context(path);
    Object.assign(journal, journaled);
    await prepareSource(ctx);
    expect(seen.clones).toEqual([]);
    expect(journal.clone).toEqual(journaled.clone);
    expect(seen.patches).toEqual([{ readsClone: true }]);
    await expect(assertReadUnchanged(journal)).resolves.toBeUndefined();
  });

  it('makes a new clone when the one journaled is gone, if the file is still as planned', async () => {
    const path = await source();
    const first = await context(path);
    await prepareSource(first.ctx);
    const journaled = structuredClone(first.journal);
    await rm(clonePathOf(path, journaled.id));
    const { ctx, journal, seen } = await context(path);
    Object.assign(journal, journaled);
    await prepareSource(ctx);
    expect(seen.logs[0]).toMatchObject({
      level: 'warn',
      message: 'The clone of the file is gone or changed; not reading it',
    });
    expect(seen.clones).toHaveLength(1);
    expect(journal.clone?.identity).toBeDefined();
    expect(readSourceOf(journal).path).toBe(clonePathOf(path, journal.id));
  });

  it('falls back to the file, with its checks, when the clone is gone and cloning is off', async () => {
    const path = await source();
    const first = await context(path);
    await prepareSource(first.ctx);
    const journaled = structuredClone(first.journal);
    await rm(clonePathOf(path, journaled.id));
    await poke(path, 5);
    const { ctx, journal } = await context(path, { enabled: false });
    Object.assign(journal, journaled);
    await prepareSource(ctx);
    expect(journal.clone).toBeUndefined();
    expect(readSourceOf(journal).path).toBe(path);
    // The file's own checks refuse it as they would have without a clone.
    await expect(assertReadUnchanged(journal)).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('refuses a changed file when the clone is gone, rather than clone what it is now', async () => {
    const path = await source();
    const first = await context(path);
    await prepareSource(first.ctx);
    const journaled = structuredClone(first.journal);
    await rm(clonePathOf(path, journaled.id));
    await poke(path, 3 * MIB - 2);
    const { ctx, journal, seen } = await context(path);
    Object.assign(journal, journaled);
    await expect(prepareSource(ctx)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(seen.clones).toEqual([]);
    expect(journal.clone).toBeUndefined();
  });

  it('replaces a clone a run made but did not journal (it stopped in between)', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path);
    const clonePath = clonePathOf(path, journal.id);
    await writeFile(clonePath, 'cut short');
    await prepareSource(ctx);
    expect(seen.removed).toEqual([clonePath]);
    expect(seen.clones).toHaveLength(1);
    // The clone is the file's, not what was left there.
    expect(journal.clone?.identity).toMatchObject({
      size: journal.source.size,
      headSha256: journal.source.headSha256,
      tailSha256: journal.source.tailSha256,
    });
  });

  it('removes such a clone when the transfer ends, though its journal names none', async () => {
    const path = await source();
    const { ctx, journal } = await context(path, { enabled: false });
    const clonePath = clonePathOf(path, journal.id);
    await writeFile(clonePath, 'cut short');
    await prepareSource(ctx);
    expect(existsSync(clonePath)).toBe(true);
    expect(await removeClone(journal, ctx.settings)).toBe(false);
    expect(existsSync(clonePath)).toBe(false);
  });

  it('removes a clone that changed since it was made and reads the file', async () => {
    const path = await source();
    const first = await context(path);
    await prepareSource(first.ctx);
    const journaled = structuredClone(first.journal);
    await poke(clonePathOf(path, journaled.id), 2);
    const { ctx, journal, seen } = await context(path, { enabled: false });
    Object.assign(journal, journaled);
    await prepareSource(ctx);
    expect(seen.removed).toEqual([clonePathOf(path, journaled.id)]);
    expect(readSourceOf(journal)).toEqual({ path, identity: journal.source });
  });
});

describe('removing the clone', () => {
  it('removes the file and its name in the journal, once; dropClone journals it', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path);
    await prepareSource(ctx);
    const clonePath = clonePathOf(path, journal.id);
    const saves = seen.saves;
    await dropClone(ctx);
    expect(journal.clone).toBeUndefined();
    expect(seen.saves).toBe(saves + 1);
    expect(seen.patches.at(-1)).toEqual({ readsClone: undefined });
    await expect(stat(clonePath)).rejects.toMatchObject({ code: 'ENOENT' });
    await dropClone(ctx);
    expect(seen.saves).toBe(saves + 1);
    expect(await removeClone(journal, ctx.settings)).toBe(false);
  });

  it('forgets a clone it cannot remove, and says so in the log', async () => {
    const path = await source();
    const { ctx, journal, seen } = await context(path);
    await prepareSource(ctx);
    const failing = {
      logger: ctx.settings.logger,
      cloner: { ...ctx.settings.cloner, remove: () => Promise.reject(new Error('EBUSY')) },
    };
    expect(await removeClone(journal, failing)).toBe(true);
    expect(journal.clone).toBeUndefined();
    expect(seen.logs.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Could not remove the clone of an upload source',
    });
  });
});

describe('noteReadIdentity', () => {
  it('updates what the file read must keep: the clone when there is one, else the source', async () => {
    const path = await source();
    const { journal } = await context(path);
    const other = { ...journal.source, mtimeMs: 1 };
    noteReadIdentity(journal, other);
    expect(journal.source).toEqual(other);
    const withClone = {
      ...journal,
      clone: { path: 'x', identity: journal.source },
    } as ImportJournal;
    noteReadIdentity(withClone, { ...other, mtimeMs: 2 });
    expect(withClone.clone?.identity?.mtimeMs).toBe(2);
    expect(withClone.source.mtimeMs).toBe(1);
  });
});

describe('systemCloner', () => {
  it('makes a clone or fails leaving no file, never a copy (FICLONE_FORCE)', async () => {
    const path = await source();
    const to = join(path, '..', '.databridge-clone-system');
    const result = await systemCloner.clone(path, to).then(
      () => 'cloned',
      (error: NodeJS.ErrnoException) => error.code,
    );
    if (result === 'cloned') {
      expect(await readFileIdentity(to)).toMatchObject({ size: 3 * MIB });
      await systemCloner.remove(to);
    } else {
      // ext4, tmpfs (Linux), and every macOS and Windows file system through Node.
      expect(['ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EINVAL', 'ENOSYS']).toContain(result);
    }
    expect(existsSync(to)).toBe(false);
    await expect(systemCloner.remove(to)).resolves.toBeUndefined();
  });

  it('never replaces a file already at the clone name', async () => {
    const path = await source();
    const to = join(path, '..', '.databridge-clone-taken');
    await writeFile(to, 'not ours');
    const code = await systemCloner.clone(path, to).then(
      () => 'cloned',
      (error: NodeJS.ErrnoException) => error.code,
    );
    // EEXIST where the file is opened first (Linux, macOS); Windows refuses at once.
    expect(['EEXIST', 'ENOSYS']).toContain(code);
    expect((await stat(to)).size).toBe(8);
  });
});
