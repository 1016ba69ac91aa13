import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppAsset } from '../../../../src/main/app/app-protocol';
import { isAllowedExternalUrl } from '../../../../src/main/app/external-links';
import { PathProvenance } from '../../../../src/main/app/path-provenance';
import { databaseFilesIn } from '../../../../src/main/app/launch-files';
import { fitToDisplays, parseWindowState } from '../../../../src/main/app/window-bounds';
import { originOf } from '../../../../src/main/services/ipc/sender-policy';

describe('external links', () => {
  it.each([
    ['https://support.rms.com/docs', true],
    ['https://rms.com/', true],
    ['https://github.com/org/repo', true],
    ['http://support.rms.com/docs', false],
    ['https://evilrms.com/', false],
    ['https://rms.com.evil.example/', false],
    ['https://user:pw@github.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });
});

describe('the app:// protocol', () => {
  const root = resolve('/srv/app/renderer');
  it('maps our URLs into the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://databridge/')).toBe(join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://databridge/assets/a.js?x=1')).toBe(
      join(root, 'assets', 'a.js'),
    );
  });
  it('resolves dot segments inside the folder (the URL parser removes them first)', () => {
    const file = resolveAppAsset(root, 'app://databridge/%2e%2e/%2e%2e/etc/passwd');
    expect(file).toBe(join(root, 'etc', 'passwd'));
  });
  it.each([
    'app://databridge/..%2f..%2fetc/passwd',
    'app://databridge/a%00.js',
    'app://databridge/..%5c..%5cwindows',
    'app://other/index.html',
    'https://databridge/index.html',
    'app://databridge/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(resolveAppAsset(root, url)).toBeUndefined();
  });
});

describe('sender origins', () => {
  it('builds origins also for our own scheme', () => {
    expect(originOf('app://databridge/index.html#x')).toBe('app://databridge');
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(originOf('file:///C:/x/index.html')).toBe('file://');
    expect(originOf('about:blank')).toBeUndefined();
    expect(originOf('')).toBeUndefined();
  });
});

describe('window bounds', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  it('keeps a window that is on a display', () => {
    const state = parseWindowState({ x: 100, y: 50, width: 1200, height: 800, isMaximized: true });
    expect(fitToDisplays(state, screen)).toEqual(state);
  });
  it('centres a window saved on a display that is gone, and caps its size', () => {
    const state = parseWindowState({ x: 4000, y: 100, width: 3000, height: 800 });
    expect(fitToDisplays(state, screen)).toEqual({ width: 1920, height: 800, isMaximized: false });
  });
  it('falls back to the default for a damaged file', () => {
    expect(parseWindowState({ width: 'wide' })).toEqual({
      width: 1280,
      height: 800,
      isMaximized: false,
    });
  });
});

describe('known paths and launch files', () => {
  it('knows only paths added, after resolving', () => {
    const known = new PathProvenance();
    known.add('/data/exports/Sales.bak', undefined);
    expect(known.has('/data/exports/../exports/Sales.bak')).toBe(true);
    expect(known.has('/etc/passwd')).toBe(false);
  });
  it('picks absolute database files from a command line', () => {
    const argv = ['/opt/app/databridge', '--flag', 'relative.bak', '/home/u/Sales.BAK', '/x/y.txt'];
    expect(databaseFilesIn(argv)).toEqual(['/home/u/Sales.BAK']);
  });
});
