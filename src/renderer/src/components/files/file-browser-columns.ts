import { NButton, type DataTableColumns } from 'naive-ui';
import { h, type VNode } from 'vue';
import type { HarnessFileDialog, HarnessFolderEntry } from '@shared/ipc/harness-files';
import { formatDateTime } from '@shared/format/times';
import { formatSize } from '@shared/format/units';
import { entryAction } from '@renderer/model/files/file-browser';
import { useTimeOptions } from '@renderer/composables/use-time-options';

/** What the name cell needs: the dialog, the selection, and what activating an entry does. */
export interface FileBrowserCells {
  readonly dialog: () => HarnessFileDialog | null;
  readonly isSelected: (path: string) => boolean;
  readonly activate: (entry: HarnessFolderEntry) => void;
}

const ICON_PATHS = {
  folder:
    'M1.5 3.5A1 1 0 0 1 2.5 2.5h3.8l1.5 1.5h5.7a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z',
  file: 'M3.5 1.5h5.8l3.2 3.2v9.8h-9zM9.3 1.5v3.2h3.2',
} as const;

function icon(kind: HarnessFolderEntry['kind']): VNode {
  return h(
    'svg',
    {
      viewBox: '0 0 16 16',
      width: 16,
      height: 16,
      'aria-hidden': 'true',
      class: ['file-browser__icon', `file-browser__icon--${kind}`],
    },
    [h('path', { d: ICON_PATHS[kind] })],
  );
}

/**
 * The name: a button that opens the folder or picks the file (a toggle, `aria-pressed`), so
 * the list is reached and used with Tab, Enter and Space; plain text for a file a folder
 * dialog cannot take.
 */
function nameCell(entry: HarnessFolderEntry, cells: FileBrowserCells): VNode {
  const dialog = cells.dialog();
  const action = dialog ? entryAction(entry, dialog) : 'none';
  const content = (): VNode =>
    h('span', { class: 'file-browser__label' }, [
      icon(entry.kind),
      h('span', { class: 'file-browser__name' }, entry.name),
    ]);
  if (action === 'none') {
    return h('span', { class: 'file-browser__entry file-browser__entry--inert' }, [content()]);
  }
  return h(
    NButton,
    {
      text: true,
      class: 'file-browser__entry',
      'aria-label': action === 'open' ? `Open folder ${entry.name}` : entry.name,
      'aria-pressed': action === 'pick' ? String(cells.isSelected(entry.path)) : undefined,
      onClick: () => cells.activate(entry),
    },
    { default: content },
  );
}

/** The columns of the file browser: name, size, modified, type. */
export function fileBrowserColumns(cells: FileBrowserCells): DataTableColumns<HarnessFolderEntry> {
  return [
    { key: 'name', title: 'Name', minWidth: 240, render: (entry) => nameCell(entry, cells) },
    {
      key: 'sizeBytes',
      title: 'Size',
      width: 100,
      align: 'right',
      render: (entry) => (entry.kind === 'file' ? formatSize(entry.sizeBytes) : ''),
    },
    {
      key: 'modifiedAt',
      title: 'Modified',
      width: 170,
      render: (entry) => formatDateTime(entry.modifiedAt, useTimeOptions()),
    },
    {
      key: 'kind',
      title: 'Type',
      width: 80,
      render: (entry) => (entry.kind === 'folder' ? 'Folder' : 'File'),
    },
  ];
}
