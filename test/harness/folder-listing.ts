import type { Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { AppError } from '../../src/shared/errors';
import type { HarnessFolderEntry, HarnessFolderListing } from '../../src/shared/ipc/harness-files';
import { isUnderRoots, parentWithin, resolveTypedPath } from './file-roots';

/** The roots of the file browser: as given (shown, and the limit of "up") and as on disk. */
export interface BrowserRoots {
  readonly shown: readonly string[];
  /** With symbolic links resolved: a link under a root that points elsewhere is outside. */
  readonly real: readonly string[];
}

/** A folder lists at most this many entries (a person reads a few dozen; the rest is typed). */
const MAX_ENTRIES = 2000;

/** The roots of the file browser, each resolved on disk (a missing one is left out). */
export async function browserRoots(roots: readonly string[]): Promise<BrowserRoots> {
  const shown = roots.map((root) => resolve(root));
  const real = await Promise.all(shown.map((root) => realpath(root).catch(() => undefined)));
  return {
    shown: shown.filter((_, index) => real[index] !== undefined),
    real: real.filter((root): root is string => root !== undefined),
  };
}

/**
 * What is at `path`, once the path, as typed and with its symbolic links resolved, is known to
 * lie under the roots. Throws FORBIDDEN outside them (whether or not anything is there, so
 * nothing is learnt of the rest of the disk) and NOT_FOUND when nothing is there.
 */
export async function statUnderRoots(path: string, roots: BrowserRoots): Promise<Stats> {
  const outside = new AppError({
    code: 'FORBIDDEN',
    message: `The harness's file browser shows only what is under ${roots.shown.join(', ')}. Type a path there.`,
  });
  if (!isUnderRoots(resolve(path), roots.shown)) throw outside;
  const real = await realpath(path).catch(() => {
    throw new AppError({ code: 'NOT_FOUND', message: `Nothing is at ${path}. Check the path.` });
  });
  if (!isUnderRoots(real, roots.real)) throw outside;
  return stat(real);
}

async function entryOf(
  folder: string,
  name: string,
  roots: BrowserRoots,
): Promise<HarnessFolderEntry | undefined> {
  const path = join(folder, name);
  // A link that leads out of the roots is left out: it could be neither opened nor chosen.
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined || !isUnderRoots(real, roots.real)) return undefined;
  const info = await stat(real).catch(() => undefined);
  if (!info || !(info.isFile() || info.isDirectory())) return undefined;
  return {
    name,
    path,
    kind: info.isDirectory() ? 'folder' : 'file',
    sizeBytes: info.isFile() ? info.size : null,
    modifiedAt: info.mtime.toISOString(),
  };
}

/** Folders first, then files; each by name as a person sorts (`file2` before `file10`). */
function byKindThenName(a: HarnessFolderEntry, b: HarnessFolderEntry): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The folder a typed path names (see {@link resolveTypedPath}), or the folder of the file it
 * names, with its entries. Hidden entries (a leading dot) are left out, as native dialogs do;
 * a typed path still reaches them.
 */
export async function listFolder(
  typed: string,
  options: { from?: string | undefined; home: string; roots: BrowserRoots },
): Promise<HarnessFolderListing> {
  const { roots } = options;
  const from = options.from ?? roots.shown[0] ?? options.home;
  const path = resolveTypedPath(typed, { from, home: options.home });
  const info = await statUnderRoots(path, roots);
  if (!info.isFile() && !info.isDirectory()) {
    throw new AppError({ code: 'VALIDATION', message: `${path} is neither a file nor a folder.` });
  }
  const folder = info.isFile() ? dirname(path) : path;
  const all = await readdir(folder).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    throw new AppError({
      code: 'FORBIDDEN',
      message: `The folder ${folder} cannot be read${typeof code === 'string' ? ` (${code})` : ''}.`,
    });
  });
  const names = all.filter((name) => !name.startsWith('.')).sort();
  const entries = await Promise.all(
    names.slice(0, MAX_ENTRIES).map((name) => entryOf(folder, name, roots)),
  );
  return {
    path: folder,
    parent: parentWithin(folder, roots.shown),
    entries: entries.filter((e): e is HarnessFolderEntry => e !== undefined).sort(byKindThenName),
    isTruncated: names.length > MAX_ENTRIES,
    namedFile: info.isFile() ? path : null,
  };
}
