import { beforeEach, describe, expect, it } from 'vitest';
import type { OpenConnections } from '@shared/model/open-connections';
import type { SignInState } from '@shared/model/session-state';
import { connectionStatus, hasConnection } from '@renderer/model/session/connection-status';
import { useSignInStore } from '@renderer/stores/sign-in-store';
import { explorerIpc, flush } from '../../../../../support/renderer/explorer-fake-ipc';

const state = (status: SignInState['status']): SignInState => ({
  profileId: 'p1',
  status,
  sessionOnly: false,
});

describe('connectionStatus', () => {
  it('reads one status from the sign-in state and the open entry', () => {
    const problem = { kind: 'needsSignIn', code: 'AUTH_REQUIRED', message: 'Enter it.' } as const;
    const failed = { kind: 'failed', code: 'UNAVAILABLE', message: 'Try later.' } as const;
    const entry = { profileId: 'p1', isReopening: false };
    expect(connectionStatus(state('signedIn'), { ...entry, problem })).toEqual({
      kind: 'signedIn',
    });
    expect(connectionStatus(state('signingIn'), { ...entry, isReopening: true }).kind).toBe(
      'reopening',
    );
    expect(connectionStatus(state('signedOut'), { ...entry, isReopening: true }).kind).toBe(
      'reopening',
    );
    expect(connectionStatus(state('signingIn'), entry).kind).toBe('signingIn');
    expect(connectionStatus(state('signedOut'), { ...entry, problem })).toEqual({
      kind: 'needsSignIn',
      detail: 'Enter it.',
    });
    expect(connectionStatus(undefined, { ...entry, problem: failed })).toEqual({
      kind: 'reopenFailed',
      detail: 'Try later.',
    });
    expect(connectionStatus(state('expired'), undefined).kind).toBe('expired');
    expect(connectionStatus(undefined, undefined).kind).toBe('signedOut');
  });

  it('lets the tree read lists only with a connection', () => {
    expect(hasConnection('signedIn')).toBe(true);
    expect(hasConnection('expired')).toBe(true);
    for (const kind of ['signingIn', 'reopening', 'needsSignIn', 'reopenFailed', 'signedOut']) {
      expect(hasConnection(kind as never)).toBe(false);
    }
  });
});

describe('the open profiles in the sign-in store', () => {
  let ipc: ReturnType<typeof explorerIpc>;
  let mainList: OpenConnections;
  const list = (...ids: string[]): OpenConnections => ({
    connections: ids.map((profileId) => ({ profileId, isReopening: false })),
  });
  beforeEach(() => {
    mainList = list();
    ipc = explorerIpc({
      'session:listOpen': () => mainList,
      'session:open': ({ profileId }: { profileId: string }) => {
        mainList = list(...mainList.connections.map((e) => e.profileId), profileId);
        return mainList;
      },
      'session:close': ({ profileId }: { profileId: string }) => {
        mainList = list(
          ...mainList.connections.map((e) => e.profileId).filter((id) => id !== profileId),
        );
        return mainList;
      },
    });
  });

  it('takes main’s list after a reload, the last opened one active', async () => {
    mainList = {
      connections: [
        { profileId: 'p1', isReopening: false },
        {
          profileId: 'p2',
          isReopening: false,
          problem: { kind: 'needsSignIn', code: 'AUTH_REQUIRED', message: 'Enter it.' },
        },
      ],
    };
    const signIn = useSignInStore();
    await signIn.loadOpen();
    expect(signIn.openProfileIds).toEqual(['p1', 'p2']);
    expect(signIn.activeProfileId).toBe('p2');
    expect(signIn.openEntryOf('p2')?.problem?.kind).toBe('needsSignIn');
  });

  it('tells main what opens and closes, and an older list in flight does not undo it', async () => {
    const signIn = useSignInStore();
    signIn.openProfile('p1');
    signIn.openProfile('p2');
    // A list main sent before it saw the opens: it must not close them here meanwhile.
    ipc.emit('session:onDidChangeOpen', list());
    expect(signIn.openProfileIds).toEqual(['p1', 'p2']);
    await flush();
    expect(ipc.inputsOf('session:open')).toEqual([{ profileId: 'p1' }, { profileId: 'p2' }]);
    expect(signIn.openProfileIds).toEqual(['p1', 'p2']);
    signIn.close('p1');
    expect(signIn.openProfileIds).toEqual(['p2']);
    await flush();
    expect(ipc.inputsOf('session:close')).toEqual([{ profileId: 'p1' }]);
    expect(mainList).toEqual(list('p2'));
    // Another window closed it: this one follows.
    ipc.emit('session:onDidChangeOpen', list());
    expect(signIn.openProfileIds).toEqual([]);
    expect(signIn.activeProfileId).toBeUndefined();
  });
});
