import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ProfileSecretInput } from '@shared/model/profile';
import type { SignInState } from '@shared/model/session-state';
import { useIpcClient } from '../api/client';

/**
 * Sign-in states of the profiles, which profiles are open in the explorer (several at once)
 * and which one is active. States come from main (`session:onDidChangeState`); a token never
 * reaches the renderer, only its expiry.
 */
export const useSignInStore = defineStore('sign-in', () => {
  const client = useIpcClient();
  const states = ref<Record<string, SignInState>>({});
  /** Profiles shown in the tree, in the order they were opened. */
  const openProfileIds = ref<string[]>([]);
  /** The profile the status bar describes (the one of the current view, or the last opened). */
  const activeProfileId = ref<string>();

  client.on('session:onDidChangeState', (state) => {
    states.value = { ...states.value, [state.profileId]: state };
  });

  /** Loads every profile's state from main. */
  async function load(): Promise<void> {
    const list = await client.invoke('session:getStates');
    states.value = Object.fromEntries(list.map((state) => [state.profileId, state]));
  }

  /**
   * Signs in with a profile: `secret` as typed by the user, or the stored one when absent.
   * Throws AppError (the state also carries the error).
   */
  async function connect(
    profileId: string,
    secret?: ProfileSecretInput,
    remember?: boolean,
  ): Promise<SignInState> {
    const state = await client.invoke('session:connect', {
      profileId,
      ...(secret ? { secret } : {}),
      ...(remember === undefined ? {} : { remember }),
    });
    states.value = { ...states.value, [profileId]: state };
    return state;
  }

  /** Signs out of a profile and closes it in the explorer. */
  async function disconnect(profileId: string): Promise<void> {
    await client.invoke('session:disconnect', { profileId });
    close(profileId);
  }

  /** Shows a (signed-in) profile in the explorer and makes it active. */
  function openProfile(profileId: string): void {
    if (!openProfileIds.value.includes(profileId)) {
      openProfileIds.value = [...openProfileIds.value, profileId];
    }
    activeProfileId.value = profileId;
  }

  /** Removes a profile from the explorer (it stays signed in until disconnected). */
  function close(profileId: string): void {
    openProfileIds.value = openProfileIds.value.filter((id) => id !== profileId);
    if (activeProfileId.value === profileId) activeProfileId.value = openProfileIds.value.at(-1);
  }

  /** The state of a profile (`signedOut` when main never reported one). */
  function stateOf(profileId: string | undefined): SignInState | undefined {
    return profileId === undefined ? undefined : states.value[profileId];
  }

  /** True when the profile can make calls right now. */
  function isSignedIn(profileId: string | undefined): boolean {
    return stateOf(profileId)?.status === 'signedIn';
  }

  const activeState = computed(() => stateOf(activeProfileId.value));

  return {
    states,
    openProfileIds,
    activeProfileId,
    activeState,
    load,
    connect,
    disconnect,
    openProfile,
    close,
    stateOf,
    isSignedIn,
  };
});
