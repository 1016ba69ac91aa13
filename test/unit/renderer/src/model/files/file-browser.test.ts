import { describe, expect, it } from 'vitest';
import type { HarnessFolderEntry } from '@shared/ipc/harness-files';
import {
  answerPaths,
  choiceSummary,
  confirmText,
  entryAction,
  matchesExtensions,
  pickInSelection,
  visibleEntries,
} from '@renderer/model/files/file-browser';

const entry = (name: string, kind: 'folder' | 'file'): HarnessFolderEntry => ({
  name,
  path: `/demo/${name}`,
  kind,
  sizeBytes: kind === 'file' ? 1 : null,
  modifiedAt: '2026-01-02T03:04:05.000Z',
});
const entries = [
  entry('exports', 'folder'),
  entry('Demo_Sales.BAK', 'file'),
  entry('notes.txt', 'file'),
  entry('bak', 'file'),
];

describe('the harness file browser', () => {
  it('matches extensions without regard to case, and every name when none is given', () => {
    expect(matchesExtensions('Demo_Sales.BAK', ['bak'])).toBe(true);
    expect(matchesExtensions('notes.txt', ['bak', 'mdf'])).toBe(false);
    // A name without an extension, or only an extension, does not match one.
    expect(matchesExtensions('bak', ['bak'])).toBe(false);
    expect(matchesExtensions('.bak', ['bak'])).toBe(false);
    expect(matchesExtensions('notes.txt', [])).toBe(true);
  });

  it('lists folders and the files the filter takes; a folder dialog lists every file', () => {
    const files = { kind: 'files' as const, extensions: ['bak'] };
    expect(visibleEntries(entries, files).map((e) => e.name)).toEqual([
      'exports',
      'Demo_Sales.BAK',
    ]);
    expect(visibleEntries(entries, { kind: 'folder', extensions: [] })).toHaveLength(4);
  });

  it('opens folders in both dialogs and picks files in a files dialog only', () => {
    expect(entryAction({ kind: 'folder' }, { kind: 'files' })).toBe('open');
    expect(entryAction({ kind: 'folder' }, { kind: 'folder' })).toBe('open');
    expect(entryAction({ kind: 'file' }, { kind: 'files' })).toBe('pick');
    expect(entryAction({ kind: 'file' }, { kind: 'folder' })).toBe('none');
  });

  it('toggles picks when the dialog takes several, and replaces the pick otherwise', () => {
    expect(pickInSelection(['/a'], '/b', true)).toEqual(['/a', '/b']);
    expect(pickInSelection(['/a', '/b'], '/a', true)).toEqual(['/b']);
    expect(pickInSelection(['/a'], '/b', false)).toEqual(['/b']);
  });

  it('answers the picked files, or the folder shown, and says what is chosen', () => {
    const state = { selected: ['/demo/Demo_Sales.BAK'], folder: '/demo' };
    expect(answerPaths({ kind: 'files' }, state)).toEqual(['/demo/Demo_Sales.BAK']);
    expect(answerPaths({ kind: 'folder' }, state)).toEqual(['/demo']);
    expect(answerPaths({ kind: 'folder' }, { selected: [], folder: undefined })).toEqual([]);
    expect(confirmText({ kind: 'files' })).toBe('Open');
    expect(confirmText({ kind: 'folder' })).toBe('Choose this folder');
    expect(choiceSummary({ kind: 'files' }, state)).toBe('Selected: Demo_Sales.BAK');
    expect(choiceSummary({ kind: 'files' }, { selected: ['/a', '/b'], folder: '/' })).toBe(
      '2 files selected',
    );
    expect(choiceSummary({ kind: 'files' }, { selected: [], folder: '/' })).toBe(
      'No file selected',
    );
    expect(choiceSummary({ kind: 'folder' }, state)).toBe('Folder: /demo');
  });
});
