import { beforeEach, describe, expect, it } from 'vitest';
import { useNavigationStore } from '@renderer/stores/navigation-store';
import {
  sameView,
  viewKey,
  viewProps,
  viewTitle,
  type ViewRef,
} from '@renderer/model/navigation/view-ref';
import { explorerIpc } from '../../../../support/renderer/explorer-fake-ipc';

const databases: ViewRef = { kind: 'databases', profileId: 'p1', instanceName: 'sql-a' };
const db: ViewRef = {
  kind: 'database',
  profileId: 'p1',
  instanceName: 'sql-a',
  databaseName: 'Sales',
};
const other: ViewRef = { kind: 'instances', profileId: 'p2' };

describe('view refs', () => {
  it('key equal views equally and different views differently', () => {
    expect(viewKey(db)).toBe(viewKey({ ...db }));
    expect(sameView(db, databases)).toBe(false);
    expect(
      viewKey({ kind: 'database', profileId: 'p1', instanceName: 'a/b', databaseName: 'c' }),
    ).not.toBe(
      viewKey({ kind: 'database', profileId: 'p1', instanceName: 'a', databaseName: 'b/c' }),
    );
  });

  it('pass every field but kind as props, and title views for humans', () => {
    expect(viewProps(db)).toEqual({
      profileId: 'p1',
      instanceName: 'sql-a',
      databaseName: 'Sales',
    });
    expect(viewTitle(db)).toBe('Sales');
    expect(viewTitle(databases)).toBe('Databases · sql-a');
    expect(viewTitle({ kind: 'connections' })).toBe('Connections');
  });
});

describe('useNavigationStore', () => {
  beforeEach(() => {
    explorerIpc();
  });

  it('starts on the connections view, opens views and goes back', () => {
    const navigation = useNavigationStore();
    expect(navigation.current).toEqual({ kind: 'connections' });
    expect(navigation.canGoBack).toBe(false);
    navigation.open(databases);
    navigation.open(db);
    expect(navigation.current).toEqual(db);
    expect(navigation.back()).toBe(true);
    expect(navigation.current).toEqual(databases);
    expect(navigation.back()).toBe(true);
    expect(navigation.back()).toBe(false);
  });

  it('does not stack the view already shown', () => {
    const navigation = useNavigationStore();
    navigation.open(db);
    navigation.open({ ...db });
    expect(navigation.history).toHaveLength(1);
  });

  it('forgets the views of a closed profile and leaves its current view', () => {
    const navigation = useNavigationStore();
    navigation.open(other);
    navigation.open(databases);
    navigation.open(db);
    navigation.forgetProfile('p1', other);
    expect(navigation.current).toEqual(other);
    expect(
      navigation.history.every((view) => !('profileId' in view) || view.profileId !== 'p1'),
    ).toBe(true);
    expect(navigation.currentProfileId).toBe('p2');
  });
});
