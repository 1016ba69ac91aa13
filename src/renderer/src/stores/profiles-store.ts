import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Profile, ProfileInput } from '@shared/model/profile';
import { useIpcClient } from '../api/client';

/** The editable part of a stored profile (what `profiles:update` takes). */
export function inputOf(profile: Profile): ProfileInput {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...input } = profile;
  return input;
}

/**
 * The connection profiles (never a secret: those stay in main's keychain). Kept in sync with
 * main through `profiles:onDidChange`, so every window and view sees the same list.
 */
export const useProfilesStore = defineStore('profiles', () => {
  const client = useIpcClient();
  const profiles = ref<Profile[]>([]);
  const isLoaded = ref(false);
  /** Set when main found a damaged profiles file at start-up and moved it aside. */
  const damaged = ref<{ movedTo: string; reason: string }>();

  client.on('profiles:onDidChange', (payload) => {
    profiles.value = payload.profiles;
    isLoaded.value = true;
  });

  /** Loads the profiles from main (throws AppError). */
  async function load(): Promise<Profile[]> {
    const list = await client.invoke('profiles:list');
    profiles.value = list.profiles;
    damaged.value = list.damaged;
    isLoaded.value = true;
    return list.profiles;
  }

  /** Replaces the entry of `profile` (main's answer) so the UI does not wait for the event. */
  function upsert(profile: Profile): Profile {
    const index = profiles.value.findIndex((p) => p.id === profile.id);
    if (index < 0) profiles.value = [...profiles.value, profile];
    else profiles.value = profiles.value.map((p) => (p.id === profile.id ? profile : p));
    return profile;
  }

  /** Creates a profile. */
  async function create(input: ProfileInput): Promise<Profile> {
    return upsert(await client.invoke('profiles:create', input));
  }

  /** Changes a profile. */
  async function update(id: string, input: ProfileInput): Promise<Profile> {
    return upsert(await client.invoke('profiles:update', { id, profile: input }));
  }

  /** Copies a profile (main leaves the secret behind). */
  async function duplicate(id: string): Promise<Profile> {
    return upsert(await client.invoke('profiles:duplicate', { id }));
  }

  /** Signs out, forgets the secret and deletes the profile. */
  async function remove(id: string): Promise<void> {
    await client.invoke('profiles:delete', { id });
    profiles.value = profiles.value.filter((p) => p.id !== id);
  }

  /**
   * Stores a profile's team monitor bearer token in main's keychain (null removes it). The
   * token goes in only; the answer says whether one is stored.
   */
  async function setTeamMonitorToken(id: string, token: string | null): Promise<boolean> {
    return (await client.invoke('profiles:setTeamMonitorToken', { profileId: id, token })).hasToken;
  }

  /** True when main holds a team monitor token for the profile's current team monitor URL. */
  async function hasTeamMonitorToken(id: string): Promise<boolean> {
    return (await client.invoke('profiles:getTeamMonitorTokenStatus', { profileId: id })).hasToken;
  }

  /** Creates (or finds) the built-in "Local emulator" profile. */
  async function ensureEmulator(): Promise<Profile> {
    return upsert(await client.invoke('emulator:createProfile'));
  }

  /**
   * Remembers the `x-platform-resource-group-id` of a profile for its archive operations (a
   * GUID; the contract checks it). Does nothing when it is already the remembered one.
   */
  async function rememberResourceGroupId(id: string, resourceGroupId: string): Promise<void> {
    const profile = byId(id);
    if (!profile || profile.resourceGroupId === resourceGroupId) return;
    await update(id, { ...inputOf(profile), resourceGroupId });
  }

  /** The profile with this id, if it exists. */
  function byId(id: string | undefined): Profile | undefined {
    return id === undefined ? undefined : profiles.value.find((p) => p.id === id);
  }

  /**
   * True when the profile is read-only (or unknown): every action that changes something is
   * disabled for it. Main refuses such calls too; the UI just does not offer them.
   */
  function isReadOnly(id: string | undefined): boolean {
    return byId(id)?.readOnly ?? true;
  }

  /** The profiles to list, by name. */
  const sorted = computed(() =>
    [...profiles.value].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
  );

  return {
    profiles,
    sorted,
    isLoaded,
    damaged,
    load,
    create,
    update,
    duplicate,
    remove,
    ensureEmulator,
    setTeamMonitorToken,
    hasTeamMonitorToken,
    rememberResourceGroupId,
    byId,
    isReadOnly,
  };
});
