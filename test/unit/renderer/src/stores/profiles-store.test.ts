import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { ProfileInput } from '@shared/model/profile';
import { useProfilesStore } from '@renderer/stores/profiles-store';
import { useSignInStore } from '@renderer/stores/sign-in-store';
import { explorerIpc, flush } from '../../../../support/renderer/explorer-fake-ipc';
import { profile } from '../../../../support/renderer/explorer-fixtures';

describe('useProfilesStore', () => {
  let ipc: ReturnType<typeof explorerIpc>;
  beforeEach(() => {
    ipc = explorerIpc({
      'profiles:list': () => ({
        profiles: [profile(), profile({ id: 'p2', name: 'Archive US', readOnly: true })],
      }),
      'profiles:create': (input: ProfileInput) => profile({ ...input, id: 'p3' }),
      'profiles:update': ({ id, profile: input }: { id: string; profile: ProfileInput }) =>
        profile({ ...input, id }),
      'profiles:delete': () => undefined,
    });
  });

  it('loads profiles, lists them by name, and says which are read-only', async () => {
    const profiles = useProfilesStore();
    await profiles.load();
    expect(profiles.sorted.map((p) => p.name)).toEqual(['Archive US', 'Prod EU']);
    expect(profiles.isReadOnly('p1')).toBe(false);
    expect(profiles.isReadOnly('p2')).toBe(true);
    // An unknown profile offers no action either.
    expect(profiles.isReadOnly('nope')).toBe(true);
  });

  it('follows profiles:onDidChange', () => {
    const profiles = useProfilesStore();
    ipc.emit('profiles:onDidChange', {
      profiles: [profile({ id: 'p9', name: 'Zulu' }), profile()],
    });
    expect(profiles.profiles).toHaveLength(2);
    expect(profiles.sorted.map((p) => p.id)).toEqual(['p1', 'p9']);
  });

  it('creates and deletes without waiting for the change event', async () => {
    const profiles = useProfilesStore();
    await profiles.load();
    await profiles.create({
      name: 'New',
      target: { kind: 'region', region: 'US' },
      auth: { kind: 'apiKey' },
    });
    expect(profiles.byId('p3')?.name).toBe('New');
    await profiles.remove('p1');
    expect(profiles.byId('p1')).toBeUndefined();
  });

  it('remembers a resource group id with the whole profile, and only when it changed', async () => {
    const profiles = useProfilesStore();
    await profiles.load();
    const guid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    await profiles.rememberResourceGroupId('p1', guid);
    await profiles.rememberResourceGroupId('p1', guid);
    const updates = ipc.inputsOf('profiles:update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toEqual({
      id: 'p1',
      profile: {
        name: 'Prod EU',
        target: { kind: 'region', region: 'EU' },
        auth: { kind: 'apiKey' },
        color: '#2563eb',
        readOnly: false,
        isEmulator: false,
        resourceGroupId: guid,
      },
    });
  });
});

describe('useSignInStore', () => {
  let ipc: ReturnType<typeof explorerIpc>;
  beforeEach(() => {
    ipc = explorerIpc({
      'session:getStates': () => [{ profileId: 'p1', status: 'signedOut', sessionOnly: false }],
      'session:connect': ({ profileId }: { profileId: string }) => {
        if (profileId === 'bad')
          throw new AppError({ code: 'AUTH_REQUIRED', message: 'Enter the API key.' });
        return { profileId, status: 'signedIn', identity: 'API key', sessionOnly: false };
      },
      'session:disconnect': () => undefined,
    });
  });

  it('connects with a typed secret, keeping it only when asked', async () => {
    const signIn = useSignInStore();
    await signIn.connect('p1', { apiKey: 'k' }, true);
    await signIn.connect('p1');
    expect(ipc.inputsOf('session:connect')).toEqual([
      { profileId: 'p1', secret: { apiKey: 'k' }, remember: true },
      { profileId: 'p1' },
    ]);
    expect(signIn.isSignedIn('p1')).toBe(true);
  });

  it('passes the service message of a failed sign-in on', async () => {
    const signIn = useSignInStore();
    await expect(signIn.connect('bad')).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: 'Enter the API key.',
    });
  });

  it('follows state events, including the token expiry', async () => {
    const signIn = useSignInStore();
    await signIn.load();
    expect(signIn.stateOf('p1')?.status).toBe('signedOut');
    ipc.emit('session:onDidChangeState', {
      profileId: 'p1',
      status: 'signedIn',
      expiresAt: '2030-01-01T00:00:00.000Z',
      sessionOnly: false,
    });
    expect(signIn.stateOf('p1')?.expiresAt).toBe('2030-01-01T00:00:00.000Z');
  });

  it('keeps several profiles open and moves the active one when one closes', async () => {
    const signIn = useSignInStore();
    signIn.openProfile('p1');
    signIn.openProfile('p2');
    signIn.openProfile('p1');
    expect(signIn.openProfileIds).toEqual(['p1', 'p2']);
    expect(signIn.activeProfileId).toBe('p1');
    await signIn.disconnect('p1');
    await flush();
    expect(signIn.openProfileIds).toEqual(['p2']);
    expect(signIn.activeProfileId).toBe('p2');
  });
});
