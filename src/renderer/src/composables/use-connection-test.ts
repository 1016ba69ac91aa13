import { ref } from 'vue';
import type { AppError } from '../../../shared/errors';
import type { GetMyIpResponse } from '../../../shared/contract/records/cluster';
import type { ProfileInput, ProfileSecretInput } from '../../../shared/model/profile';
import { useIpcClient } from '../api/client';
import { useProfilesStore } from '../stores/profiles-store';
import { asAppError } from './app-error';

/** What testing a connection found. */
export interface ConnectionTestResult {
  readonly identity: string | undefined;
  readonly myIp: GetMyIpResponse;
  readonly instanceCount: number;
}

/**
 * Tests a connection before it is saved: signs in on a throwaway profile with the typed
 * secret (never remembered), reads MyIp (is the caller's IP allowed by the ACL?) and the
 * instance list, then signs out and deletes the throwaway profile. The IPC contract signs in
 * by profile id only, hence the temporary profile; it is hidden from the lists meanwhile.
 */
export function useConnectionTest() {
  const client = useIpcClient();
  const profiles = useProfilesStore();
  const isTesting = ref(false);
  const result = ref<ConnectionTestResult>();
  const error = ref<AppError>();
  /** The id of the throwaway profile while a test runs (lists hide it). */
  const draftId = ref<string>();

  async function probe(
    profileId: string,
    secret: ProfileSecretInput,
  ): Promise<ConnectionTestResult> {
    const state = await client.invoke('session:connect', { profileId, secret, remember: false });
    const myIp = await client.invoke('clientIp:get', { profileId });
    const instances = await client.invoke('instances:list', { profileId });
    return { identity: state.identity, myIp, instanceCount: instances.length };
  }

  /** Runs the test; the outcome is in `result` or `error`. */
  async function test(input: ProfileInput, secret: ProfileSecretInput): Promise<boolean> {
    isTesting.value = true;
    result.value = undefined;
    error.value = undefined;
    let id: string | undefined;
    let outcome: ConnectionTestResult | undefined;
    const stamp = Date.now().toString(36);
    const name = `${input.name.slice(0, 50)} (test ${stamp})`;
    profiles.setHidden(name, true);
    try {
      const draft = await client.invoke('profiles:create', { ...input, name, readOnly: true });
      id = draft.id;
      draftId.value = id;
      outcome = await probe(id, secret);
      return true;
    } catch (caught) {
      error.value = asAppError(caught);
      return false;
    } finally {
      if (id) await client.invoke('profiles:delete', { id }).catch(() => undefined);
      // Shown only once the temporary profile is gone: a test leaves nothing behind.
      result.value = outcome;
      profiles.setHidden(name, false);
      draftId.value = undefined;
      isTesting.value = false;
    }
  }

  function reset(): void {
    result.value = undefined;
    error.value = undefined;
  }

  return { isTesting, result, error, draftId, test, reset };
}
