import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, reactive, ref, shallowRef } from 'vue';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import { archiveTitle } from '@renderer/model/display/archive-format';
import {
  useArchiveCommands,
  type ArchiveCommandContext,
} from '@renderer/composables/use-archive-commands';
import {
  isCommandEnabled,
  useCommandRegistry,
  type Command,
} from '@renderer/composables/use-commands';
import { useDatabaseActions } from '@renderer/composables/use-database-actions';
import { useFrameCommands } from '@renderer/composables/use-frame-commands';
import { useNavigationStore } from '@renderer/stores/navigation-store';
import { useProfilesStore } from '@renderer/stores/profiles-store';
import { explorerIpc } from '../../../../support/renderer/explorer-fake-ipc';
import { database, profile } from '../../../../support/renderer/explorer-fixtures';

function registered(prefix: string): string[] {
  return [...useCommandRegistry().byId.keys()].filter((id) => id.startsWith(prefix)).sort();
}

function command(id: string): Command {
  const found = useCommandRegistry().byId.get(id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
}

const archive: ArchivesResponse = {
  archiveId: 'a-1',
  sizeInMb: 512,
  name: 'Sales',
  createDate: '2026-05-01T10:00:00.000Z',
};

describe('palette commands of the views and the frame', () => {
  let ipc: ReturnType<typeof explorerIpc>;
  beforeEach(() => {
    ipc = explorerIpc({ 'profiles:list': () => ({ profiles: [profile()] }) });
  });

  it('registers the archive list and per-archive commands while the view lives', async () => {
    const queries: unknown[] = [];
    const store = reactive({
      rows: [archive],
      query: { page: 0 },
      hasNextPage: true,
      isLoading: false,
      load: () => Promise.resolve(),
      setQuery: (query: unknown) => void queries.push(query),
    });
    const readOnly = ref(false);
    const selected = shallowRef<ArchivesResponse>();
    const opened: string[] = [];
    const scope = effectScope();
    scope.run(() =>
      useArchiveCommands({
        store: store as unknown as ArchiveCommandContext['store'],
        readOnly,
        selected,
        openDialog: (kind) => void opened.push(kind),
        openDetails: () => void opened.push('details'),
        download: () => void opened.push('download'),
        filter: ref(undefined),
      }),
    );
    expect(registered('archives.')).toEqual([
      'archives.addFilterCondition',
      'archives.delete',
      'archives.details',
      'archives.download',
      'archives.filter',
      'archives.nextPage',
      'archives.previousPage',
      'archives.refresh',
      'archives.restore',
      'archives.update',
    ]);
    expect(isCommandEnabled(command('archives.previousPage'))).toBe(false);
    await command('archives.nextPage').run();
    expect(queries).toEqual([{ page: 1 }]);

    expect(isCommandEnabled(command('archives.update'))).toBe(false);
    selected.value = archive;
    expect(isCommandEnabled(command('archives.update'))).toBe(true);
    expect(command('archives.restore').title).toContain(archiveTitle(archive));
    await command('archives.delete').run();
    expect(opened).toEqual(['delete']);
    readOnly.value = true;
    expect(isCommandEnabled(command('archives.update'))).toBe(false);
    // Details and download only read: a read-only profile keeps them.
    expect(isCommandEnabled(command('archives.details'))).toBe(true);
    expect(isCommandEnabled(command('archives.download'))).toBe(true);
    expect(command('archives.download').title).toContain(archiveTitle(archive));
    await command('archives.details').run();
    await command('archives.download').run();
    expect(opened).toEqual(['delete', 'details', 'download']);

    store.rows = [];
    await nextTick();
    expect(selected.value).toBeUndefined();
    scope.stop();
    expect(registered('archives.')).toEqual([]);
  });

  it('gives each database a row menu, every change disabled on a read-only profile', async () => {
    const profiles = useProfilesStore();
    await profiles.load();
    const actions = useDatabaseActions({ profileId: 'p1', instanceName: 'sql-a' });
    const items = actions.rowActions(database('Sales', { pinned: true }));
    expect(items.map((item) => item.key)).toEqual([
      'open',
      'export',
      'pin',
      'rename',
      'move',
      'shrink',
      'archive',
      'security',
      'drop',
    ]);
    expect(items.find((item) => item.key === 'pin')?.label).toBe('Unpin or change expiry…');
    expect(items.filter((item) => item.disabled)).toEqual([]);
    expect(items.filter((item) => item.danger).map((item) => item.key)).toEqual(['drop']);

    items.find((item) => item.key === 'rename')?.run();
    expect(actions.active.value).toEqual({
      kind: 'rename',
      database: database('Sales', { pinned: true }),
    });
    items.find((item) => item.key === 'open')?.run();
    expect(useNavigationStore().current).toEqual({
      kind: 'database',
      profileId: 'p1',
      instanceName: 'sql-a',
      databaseName: 'Sales',
    });

    ipc.handlers['profiles:list'] = () => ({ profiles: [profile({ readOnly: true })] });
    await profiles.load();
    const locked = actions.rowActions(database('Sales'));
    expect(locked.filter((item) => !item.disabled).map((item) => item.key)).toEqual(['open']);
  });

  it('registers the frame’s connection and view commands', async () => {
    const isActivityOpen = ref(false);
    let shortcutsOpened = 0;
    let diagnosticsSaved = 0;
    let aboutOpened = 0;
    useFrameCommands({
      isActivityOpen,
      openJump: () => undefined,
      openShortcuts: () => (shortcutsOpened += 1),
      openAbout: () => (aboutOpened += 1),
      saveDiagnostics: () => Promise.resolve(void (diagnosticsSaved += 1)),
      modKey: 'Ctrl',
    });
    expect(registered('frame.')).toEqual([
      'frame.about',
      'frame.allJobs',
      'frame.audit',
      'frame.back',
      'frame.connections',
      'frame.jump',
      'frame.monitor',
      'frame.openProfile',
      'frame.reconnectActive',
      'frame.saveDiagnostics',
      'frame.settings',
      'frame.shortcuts',
      'frame.theme.dark',
      'frame.theme.light',
      'frame.theme.system',
      'frame.toggleActivity',
      'frame.tryEmulator',
    ]);
    expect(command('frame.settings').shortcut).toBe('Ctrl+,');
    expect(command('frame.shortcuts').shortcut).toBe('F1');
    await command('frame.shortcuts').run();
    expect(shortcutsOpened).toBe(1);
    await command('frame.saveDiagnostics').run();
    expect(diagnosticsSaved).toBe(1);
    expect(command('frame.saveDiagnostics')).toMatchObject({ group: 'Help' });
    await command('frame.about').run();
    expect(aboutOpened).toBe(1);
    expect(command('frame.about')).toMatchObject({ group: 'Help' });
    await command('frame.toggleActivity').run();
    expect(isActivityOpen.value).toBe(true);
    await command('frame.settings').run();
    expect(useNavigationStore().current).toEqual({ kind: 'settings' });
    await command('frame.monitor').run();
    expect(useNavigationStore().current).toEqual({ kind: 'monitor' });
    await command('frame.allJobs').run();
    expect(useNavigationStore().current).toEqual({ kind: 'allJobs' });
    await command('frame.audit').run();
    expect(useNavigationStore().current).toEqual({ kind: 'audit' });
  });
});
