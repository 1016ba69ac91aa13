import { fileNameOf } from '@shared/file-name';
import type { HarnessFileDialog, HarnessFolderEntry } from '@shared/ipc/harness-files';

/*
 * The decisions of the browser harness's file browser (HarnessFileDialog.vue), as pure
 * functions: which entries a dialog shows, what activating one does, and what the dialog
 * answers. Paths come from main's listings; the renderer never builds one.
 */

/** What activating an entry does: open the folder, pick the file, or nothing. */
export type EntryAction = 'open' | 'pick' | 'none';

/** True when `name` has one of `extensions` (case-insensitive); every name when none is given. */
export function matchesExtensions(name: string, extensions: readonly string[]): boolean {
  if (extensions.length === 0) return true;
  const dot = name.lastIndexOf('.');
  return dot > 0 && extensions.includes(name.slice(dot + 1).toLowerCase());
}

/**
 * The entries a dialog lists: every folder; in a files dialog the files its filter takes, in a
 * folder dialog every file too (not choosable, but they show what the folder holds).
 */
export function visibleEntries(
  entries: readonly HarnessFolderEntry[],
  dialog: Pick<HarnessFileDialog, 'kind' | 'extensions'>,
): HarnessFolderEntry[] {
  if (dialog.kind === 'folder') return [...entries];
  return entries.filter((e) => e.kind === 'folder' || matchesExtensions(e.name, dialog.extensions));
}

/** Folders open in either dialog; files are picked in a files dialog only. */
export function entryAction(
  entry: Pick<HarnessFolderEntry, 'kind'>,
  dialog: Pick<HarnessFileDialog, 'kind'>,
): EntryAction {
  if (entry.kind === 'folder') return 'open';
  return dialog.kind === 'files' ? 'pick' : 'none';
}

/** The selection after picking `path`: toggled when the dialog takes several, else replaced. */
export function pickInSelection(
  selected: readonly string[],
  path: string,
  multiple: boolean,
): string[] {
  if (!multiple) return [path];
  return selected.includes(path) ? selected.filter((p) => p !== path) : [...selected, path];
}

/** What confirming answers: the picked files, or the folder shown (none yet: nothing). */
export function answerPaths(
  dialog: Pick<HarnessFileDialog, 'kind'>,
  state: { readonly selected: readonly string[]; readonly folder: string | undefined },
): string[] {
  if (dialog.kind === 'files') return [...state.selected];
  return state.folder === undefined ? [] : [state.folder];
}

/** The confirm button's text. */
export function confirmText(dialog: Pick<HarnessFileDialog, 'kind'>): string {
  return dialog.kind === 'files' ? 'Open' : 'Choose this folder';
}

/** What the footer says is chosen now. */
export function choiceSummary(
  dialog: Pick<HarnessFileDialog, 'kind'>,
  state: { readonly selected: readonly string[]; readonly folder: string | undefined },
): string {
  if (dialog.kind === 'folder') return state.folder ? `Folder: ${state.folder}` : 'No folder yet';
  const [first] = state.selected;
  if (first === undefined) return 'No file selected';
  return state.selected.length === 1
    ? `Selected: ${fileNameOf(first)}`
    : `${state.selected.length} files selected`;
}
