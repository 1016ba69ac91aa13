import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/*
 * The path rules of the harness's file browser, as pure functions of strings: what a typed
 * path means, and whether a path lies under one of the browser's roots. The browser lists
 * and hands out only paths under its roots, so the page it serves learns nothing of the rest
 * of the disk and can have main read or write nothing else.
 */

/**
 * The absolute path a person typed: `~` and `~/…` are under `home`, a relative path is taken
 * from `from` (the folder shown), and `.` and `..` are resolved. Blank: `from` itself.
 */
export function resolveTypedPath(typed: string, options: { from: string; home: string }): string {
  const text = typed.trim();
  if (text === '') return resolve(options.from);
  if (text === '~') return resolve(options.home);
  if (text.startsWith('~/') || text.startsWith('~\\')) return join(options.home, text.slice(2));
  return resolve(options.from, text);
}

/** True when `path` is `root` or inside it (both absolute; a name such as `..x` stays inside). */
export function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  if (rel === '') return true;
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** True when `path` is under one of `roots`. */
export function isUnderRoots(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => isWithin(path, root));
}

/** The folder above `path`, or null where going up would leave the roots (or the disk). */
export function parentWithin(path: string, roots: readonly string[]): string | null {
  const parent = resolve(path, '..');
  if (parent === resolve(path)) return null;
  return isUnderRoots(path, roots) && isUnderRoots(parent, roots) ? parent : null;
}
