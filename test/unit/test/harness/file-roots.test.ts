import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isUnderRoots,
  isWithin,
  parentWithin,
  resolveTypedPath,
} from '../../../harness/file-roots';

const ROOT = resolve(sep, 'srv', 'demo');
const HOME = resolve(sep, 'home', 'ada');

describe('resolveTypedPath', () => {
  const from = join(ROOT, 'exports');

  it('takes an absolute path as typed, with . and .. resolved', () => {
    expect(resolveTypedPath(join(ROOT, 'a', '..', 'b', '.'), { from, home: HOME })).toBe(
      join(ROOT, 'b'),
    );
  });

  it('takes a relative path from the folder shown, and blank as that folder', () => {
    expect(resolveTypedPath('../Demo_Sales.bak', { from, home: HOME })).toBe(
      join(ROOT, 'Demo_Sales.bak'),
    );
    expect(resolveTypedPath('  ', { from, home: HOME })).toBe(from);
  });

  it('reads ~ as the home folder, and only at the start', () => {
    expect(resolveTypedPath('~', { from, home: HOME })).toBe(HOME);
    expect(resolveTypedPath('~/backups', { from, home: HOME })).toBe(join(HOME, 'backups'));
    expect(resolveTypedPath('x~/y', { from, home: HOME })).toBe(join(from, 'x~', 'y'));
  });
});

describe('isWithin and isUnderRoots', () => {
  it('holds the root itself and everything under it', () => {
    expect(isWithin(ROOT, ROOT)).toBe(true);
    expect(isWithin(join(ROOT, 'exports', 'a.bak'), ROOT)).toBe(true);
    // A name that merely starts with two dots is inside.
    expect(isWithin(join(ROOT, '..hidden'), ROOT)).toBe(true);
  });

  it('refuses the folder above, a sibling that shares a prefix, and other trees', () => {
    expect(isWithin(resolve(ROOT, '..'), ROOT)).toBe(false);
    expect(isWithin(`${ROOT}-other`, ROOT)).toBe(false);
    expect(isWithin(join(ROOT, '..', '..', 'etc', 'passwd'), ROOT)).toBe(false);
    expect(isUnderRoots(join(HOME, 'x'), [ROOT])).toBe(false);
    expect(isUnderRoots(join(HOME, 'x'), [ROOT, HOME])).toBe(true);
  });
});

describe('parentWithin', () => {
  it('goes up inside a root and stops at it', () => {
    expect(parentWithin(join(ROOT, 'exports'), [ROOT])).toBe(ROOT);
    expect(parentWithin(ROOT, [ROOT])).toBeNull();
  });

  it('goes up from an inner root into the root that holds it', () => {
    expect(parentWithin(join(ROOT, 'inner'), [join(ROOT, 'inner'), ROOT])).toBe(ROOT);
  });

  it('has no way up outside the roots, nor above the top of the disk', () => {
    expect(parentWithin(join(HOME, 'x'), [ROOT])).toBeNull();
    expect(parentWithin(resolve(sep), [resolve(sep)])).toBeNull();
  });
});
