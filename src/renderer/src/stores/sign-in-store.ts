import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OpenConnection, OpenConnections } from '@shared/model/open-connections';
import type { ProfileSecretInput } from '@shared/model/profile';
import type { SignInState } from '@shared/model/session-state';
import { useIpcClient } from '../api/client';

/**
 * Sign-in states of the profiles, which profiles are open in the explorer (several at once)
 * and which one is active. States and the open profiles come from main
 * (`session:onDidChangeState`, `session:onDidChangeOpen`), which keeps them across reloads;
 * a token never reaches the renderer, only its expiry. Opening and closing show at once here
 * and are then confirmed by main's list.
 */
export const useSignInStore = defineStore('sign-in', () => {
  const client = useIpcClient();
  const states = ref<Record<string, SignInState>>({});
  /** Main's open profiles, with how reopening each at start went. */
  const openConnections = ref<OpenConnection[]>([]);
  /** Profiles shown in the tree, in the order they were opened. */
  const openProfileIds = ref<string[]>([]);
  /** The profile the status bar describes (the one of the current view, or the last opened). */
  const activeProfileId = ref<string>();
  /** Opens and closes sent to main and not answered yet, and main's latest list. */
  let unanswered = 0;
  let latest: OpenConnections | undefined;

  client.on('session:onDidChangeState', (state) => {
    states.value = { ...states.value, [state.profileId]: state };
  });
  client.on('session:onDidChangeOpen', (list) => follow(list));

  /**
   * Takes main's list, unless an open or close of this window is still on its way: a list
   * from before it would briefly undo it, so the latest one is taken when all are answered.
   */
  function follow(list: OpenConnections): void {
    latest = list;
    if (unanswered > 0) return;
    openConnections.value = list.connections;
    openProfileIds.value = list.connections.map((entry) => entry.profileId);
    const active = activeProfileId.value;
    if (active === undefined || !openProfileIds.value.includes(active)) {
      activeProfileId.value = openProfileIds.value.at(-1);
    }
  }

  /** Asks main which profiles are open (after a reload, this page knows nothing yet). */
  async function loadOpen(): Promise<void> {
    follow(await client.invoke('session:listOpen'));
  }

  /** Tells main that a profile was opened or closed here. */
  async function tell(channel: 'session:open' | 'session:close', profileId: string) {
    unanswered += 1;
    try {
      latest = await client.invoke(channel, { profileId });
    } catch {
      // Refused (the profile was deleted meanwhile): main's next list says what is open.
    } finally {
      unanswered -= 1;
      if (unanswered === 0 && latest) follow(latest);
    }
  }

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

  /** Signs out of a profile and closes it in the explorer (main closes it too). */
  async function disconnect(profileId: string): Promise<void> {
    await client.invoke('session:disconnect', { profileId });
    closeHere(profileId);
  }

  /** Shows a (signed-in) profile in the explorer and makes it active. */
  function openProfile(profileId: string): void {
    if (!openProfileIds.value.includes(profileId)) {
      openProfileIds.value = [...openProfileIds.value, profileId];
      void tell('session:open', profileId);
    }
    activeProfileId.value = profileId;
  }

  /** Removes a profile from the explorer (it stays signed in until disconnected). */
  function close(profileId: string): void {
    closeHere(profileId);
    void tell('session:close', profileId);
  }

  function closeHere(profileId: string): void {
    openProfileIds.value = openProfileIds.value.filter((id) => id !== profileId);
    openConnections.value = openConnections.value.filter((entry) => entry.profileId !== profileId);
    if (activeProfileId.value === profileId) activeProfileId.value = openProfileIds.value.at(-1);
  }

  /** Main's entry of an open profile: whether it is being reopened, and what went wrong. */
  function openEntryOf(profileId: string | undefined): OpenConnection | undefined {
    return openConnections.value.find((entry) => entry.profileId === profileId);
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
    openConnections,
    openProfileIds,
    activeProfileId,
    activeState,
    load,
    loadOpen,
    connect,
    disconnect,
    openProfile,
    close,
    stateOf,
    openEntryOf,
    isSignedIn,
  };
});
