import { watch, type Ref, type ShallowRef } from 'vue';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import { useCommands } from './use-commands';
import type { useArchivesStore } from '../stores/archives-store';
import { archiveTitle } from '../model/display/archive-format';
import { useTimeOptions } from './use-time-options';

/** What the archive commands act on (the view's state). */
export interface ArchiveCommandContext {
  readonly store: ReturnType<typeof useArchivesStore>;
  readonly readOnly: Readonly<Ref<boolean>>;
  /** The row last clicked: the archive the per-archive commands act on. */
  readonly selected: ShallowRef<ArchivesResponse | undefined>;
  readonly openDialog: (kind: 'update' | 'restore' | 'delete') => void;
  /** Shows the selected archive's details. */
  readonly openDetails: () => void;
  /** Downloads the selected archive's files into a folder the user picks. */
  readonly download: () => void;
  readonly filter: Readonly<Ref<{ focus: () => void; addCondition: () => void } | undefined>>;
}

type RegisterCommand = ReturnType<typeof useCommands>['registerCommand'];
const group = 'Archives';

/** The commands of the archive list: refresh, filter, paging. */
function registerListCommands(register: RegisterCommand, context: ArchiveCommandContext): void {
  const { store, filter } = context;
  register({ id: 'archives.refresh', title: 'Refresh archives', group, run: () => store.load() });
  register({
    id: 'archives.filter',
    title: 'Filter archives…',
    group,
    keywords: ['search', 'query', 'where'],
    run: () => filter.value?.focus(),
  });
  register({
    id: 'archives.addFilterCondition',
    title: 'Add a filter condition',
    group,
    run: () => filter.value?.addCondition(),
  });
  register({
    id: 'archives.nextPage',
    title: 'Next page of archives',
    group,
    enabled: () => store.hasNextPage && !store.isLoading,
    run: () => store.setQuery({ page: store.query.page + 1 }),
  });
  register({
    id: 'archives.previousPage',
    title: 'Previous page of archives',
    group,
    enabled: () => store.query.page > 0 && !store.isLoading,
    run: () => store.setQuery({ page: store.query.page - 1 }),
  });
}

const subjectOf = (context: ArchiveCommandContext): string =>
  context.selected.value ? ` (${archiveTitle(context.selected.value, useTimeOptions())})` : '';

/** The commands that read the selected archive: its details, and the download of its files. */
function registerReadCommands(register: RegisterCommand, context: ArchiveCommandContext): void {
  const { selected } = context;
  register({
    id: 'archives.details',
    get title() {
      return `Show archive details${subjectOf(context)}`;
    },
    group,
    keywords: ['thumbprint', 'download uri', 'database type'],
    enabled: () => Boolean(selected.value),
    run: () => context.openDetails(),
  });
  register({
    id: 'archives.download',
    get title() {
      return `Download archive…${subjectOf(context)}`;
    },
    group,
    keywords: ['save', 'files', 'backup'],
    enabled: () => Boolean(selected.value?.archiveId),
    run: () => context.download(),
  });
}

/** The commands on the selected archive, which open the view's dialogs. */
function registerArchiveCommands(register: RegisterCommand, context: ArchiveCommandContext): void {
  const { readOnly, selected, openDialog } = context;
  const canChange = (): boolean => !readOnly.value && Boolean(selected.value?.archiveId);
  const subject = (): string => subjectOf(context);
  register({
    id: 'archives.update',
    get title() {
      return `Update archive storage and expiry…${subject()}`;
    },
    group,
    keywords: ['temporary', 'permanent', 'expiry', 'storage type'],
    enabled: canChange,
    run: () => openDialog('update'),
  });
  register({
    id: 'archives.restore',
    get title() {
      return `Restore archive into a new database…${subject()}`;
    },
    group,
    enabled: canChange,
    run: () => openDialog('restore'),
  });
  register({
    id: 'archives.delete',
    get title() {
      return `Delete archive…${subject()}`;
    },
    group,
    enabled: canChange,
    run: () => openDialog('delete'),
  });
}

/**
 * Registers the archive view's actions with the command palette (while the view is open) and
 * forgets the selection when its archive leaves the page.
 */
export function useArchiveCommands(context: ArchiveCommandContext): void {
  const { store, selected } = context;
  const { registerCommand } = useCommands();

  watch(
    () => store.rows,
    (rows) => {
      const id = selected.value?.archiveId;
      if (id && !rows.some((row) => row.archiveId === id)) selected.value = undefined;
    },
  );

  registerListCommands(registerCommand, context);
  registerReadCommands(registerCommand, context);
  registerArchiveCommands(registerCommand, context);
}
