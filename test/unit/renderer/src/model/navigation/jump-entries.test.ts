import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computed, effectScope, nextTick, ref, shallowRef, type EffectScope } from 'vue';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import type { Session } from '@shared/contract/records/sessions';
import {
  nodeEntries,
  objectEntries,
  type LoadedObjects,
} from '@renderer/model/navigation/jump-entries';
import { matchItems } from '@renderer/model/navigation/quick-pick';
import type { ResourceTreeNode } from '@renderer/model/navigation/tree-nodes';
import { useSessionCommands } from '@renderer/composables/use-session-commands';
import { formatDateTime } from '@shared/format/times';
import { useCommandRegistry } from '@renderer/composables/use-commands';
import { useRevealedSearch } from '@renderer/composables/use-revealed-search';
import type { AutoRefresh } from '@renderer/composables/use-auto-refresh';
import { buildBlockingForest } from '@shared/monitor/blocking-forest';
import type { SessionMonitor } from '@renderer/composables/use-session-monitor';
import { useNavigationStore } from '@renderer/stores/navigation-store';
import type { ViewRef } from '@renderer/model/navigation/view-ref';
import { activityIpc } from '../../../../../support/renderer/activity-fake-ipc';

const logins: ViewRef = { kind: 'logins', profileId: 'p1', instanceName: 'sql-a' };
const dev = { profileId: 'p1', instanceName: 'sql-a' };

function session(id: number, patch: Partial<Session> = {}): Session {
  return {
    sessionId: id,
    databaseName: 'Sales',
    loginName: 'etl_loader',
    programName: 'Loader',
    hostName: 'WS-01',
    status: 'sleeping',
    loginTime: '2026-07-01T08:00:00.000Z',
    lastRequestStartTime: '2026-07-01T09:00:00.000Z',
    lastRequestEndTime: null,
    cpuTime: 10,
    memoryUsage: 2,
    executingSql: null,
    blockingSessionId: 0,
    ...patch,
  };
}

const archive: ArchivesResponse = {
  archiveId: 'a-1',
  sizeInMb: 512,
  name: 'Sales',
  createDate: '2026-05-01T10:00:00.000Z',
};

function loaded(patch: Partial<LoadedObjects> = {}): LoadedObjects {
  return {
    profileName: (id) => (id === 'p1' ? 'Local emulator' : undefined),
    logins: [
      {
        ...dev,
        rows: [{ name: 'etl_loader', role: 'Contributor', status: 'Enabled', owner: 'admin' }],
      },
    ],
    linkedServers: [{ ...dev, rows: [{ linkedServerName: 'sql-b' }, { status: 'Broken' }] }],
    jobs: [],
    sessions: [{ ...dev, databaseName: 'Sales', rows: [session(57)] }],
    archives: [{ ...dev, rows: [archive] }],
    ...patch,
  };
}

describe('jump-to entries', () => {
  it('name each loaded object, its kind and where it is, and skip nameless rows', () => {
    const items = objectEntries(loaded()).map((entry) => entry.item);
    expect(items.map((item) => [item.group, item.label, item.description])).toEqual([
      ['Login', 'etl_loader', 'sql-a · Local emulator'],
      ['Linked server', 'sql-b', 'sql-a · Local emulator'],
      ['Session', '57 · etl_loader · WS-01', 'Sales · sql-a · Local emulator'],
      ['Archive', expect.stringMatching(/^Sales \(.+\)$/), 'sql-a · Local emulator'],
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it('open the view that shows the object, with the search that singles it out', () => {
    const [login, , spid, saved] = objectEntries(loaded());
    expect(login?.view).toEqual(logins);
    expect(login?.search?.()).toBe('etl_loader');
    expect(spid?.view).toEqual({ kind: 'databaseSessions', ...dev, databaseName: 'Sales' });
    expect(spid?.search?.()).toBe('57');
    expect(saved?.view).toEqual({ kind: 'archives', ...dev });
    expect(saved?.search?.()).toBe(`Sales ${formatDateTime(archive.createDate)}`);
  });

  it('leave out the objects of profiles that are not open', () => {
    const entries = objectEntries(loaded({ profileName: () => undefined }));
    expect(entries).toEqual([]);
  });

  it('describe tree nodes by instance and profile, without repeating their own label', () => {
    const node = (view: ViewRef, label: string, nodeKind: ResourceTreeNode['nodeKind']) =>
      ({ key: label, label, view, nodeKind, profileId: 'p1' }) as ResourceTreeNode;
    const entries = nodeEntries(
      [
        node({ kind: 'instances', profileId: 'p1' }, 'Local emulator', 'profile'),
        node({ kind: 'instance', ...dev }, 'sql-a', 'instance'),
        node(logins, 'Logins', 'group'),
      ],
      () => 'Local emulator',
    );
    expect(entries.map((e) => [e.item.label, e.item.description])).toEqual([
      ['Local emulator (instances)', ''],
      ['sql-a', 'Local emulator'],
      ['Logins', 'sql-a · Local emulator'],
    ]);
  });

  it('match a word typed again after the list changed (search texts are cached per item)', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ key: String(i), label: `Sales_${i}` }));
    expect(matchItems(many, 'sales_4999').map((i) => i.key)).toEqual(['4999']);
    const renamed = [{ key: 'x', label: 'Finance' }, ...many];
    expect(matchItems(renamed, 'finance').map((i) => i.key)).toEqual(['x']);
  });
});

describe('revealing an object in its view', () => {
  let scope: EffectScope | undefined;
  beforeEach(() => activityIpc({}));
  afterEach(() => scope?.stop());

  it('fills the search of the table of the revealed view, once', async () => {
    const navigation = useNavigationStore();
    navigation.open(logins);
    const search = ref('');
    const other = ref('');
    scope = effectScope();
    scope.run(() => useRevealedSearch(search));
    navigation.open({ kind: 'archives', ...dev });
    scope.run(() => useRevealedSearch(other));
    // The logins view is shown again and asked to show etl_loader: only its table answers.
    navigation.reveal({ view: logins, search: 'etl_loader' });
    await nextTick();
    expect(search.value).toBe('etl_loader');
    expect(other.value).toBe('');
    expect(navigation.revealed).toBeUndefined();
  });

  it('hands a reveal to the table created for the view it opened', () => {
    const navigation = useNavigationStore();
    navigation.reveal({ view: logins, search: 'etl_loader' });
    const search = ref('');
    scope = effectScope();
    scope.run(() => useRevealedSearch(search));
    expect(search.value).toBe('etl_loader');
  });

  it('drops a reveal no table took when the user goes elsewhere', () => {
    const navigation = useNavigationStore();
    navigation.reveal({ view: logins, search: 'etl_loader' });
    navigation.open({ kind: 'connections' });
    expect(navigation.takeReveal('logins/p1/sql-a')).toBeUndefined();
  });
});

/** The parts of a session monitor the commands use, over a fixed snapshot. */
function fakeMonitor(rows: readonly Session[]): SessionMonitor {
  const hideSleeping = ref(false);
  const forest = computed(() => buildBlockingForest(rows, Date.now()));
  const visibleRows = computed(() =>
    rows.filter((s) => !hideSleeping.value || s.status !== 'sleeping'),
  );
  const auto = { refreshNow: () => Promise.resolve() } as unknown as AutoRefresh;
  return {
    rows: shallowRef(rows),
    visibleRows,
    forest,
    hideSleeping,
    auto,
  } as unknown as SessionMonitor;
}

describe('the session commands', () => {
  let scope: EffectScope | undefined;
  afterEach(() => scope?.stop());

  it('list the sessions head blockers first, toggle sleeping, and ask the same kill', async () => {
    const rows = [
      session(51, { status: 'running' }),
      session(53, { status: 'background', loginName: 'sa' }),
      session(55, { status: 'suspended', blockingSessionId: 57 }),
      session(57),
    ];
    activityIpc({});
    const asked: number[] = [];
    scope = effectScope();
    const commands = scope.run(() => {
      const monitor = fakeMonitor(rows);
      const readOnly = ref(false);
      const picker = useSessionCommands({
        monitor,
        readOnly,
        canKill: (s) => !readOnly.value && s.status !== 'background',
        askKill: (s) => asked.push(s.sessionId),
        showKillLog: () => undefined,
      });
      return { monitor, readOnly, picker };
    });
    if (!commands) throw new Error('no scope');
    const registry = useCommandRegistry();
    await registry.byId.get('sessions.kill')?.run();
    const items = commands.picker.killItems.value;
    expect(items.map((i) => [i.key, i.group, i.disabled])).toEqual([
      ['57', 'head blocker', false],
      ['51', 'running', false],
      ['53', 'background', true],
      ['55', 'blocked', false],
    ]);
    commands.picker.pickKill('57');
    expect(asked).toEqual([57]);

    const toggle = registry.byId.get('sessions.toggleSleeping');
    expect(toggle?.title).toBe('Hide sleeping sessions');
    await toggle?.run();
    expect(commands.monitor.hideSleeping.value).toBe(true);
    expect(toggle?.title).toBe('Show sleeping sessions');
    commands.readOnly.value = true;
    const kill = registry.byId.get('sessions.kill');
    expect(kill && typeof kill.enabled === 'function' && kill.enabled()).toBe(false);
  });
});
