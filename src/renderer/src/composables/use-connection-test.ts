import { ref } from 'vue';
import type { AppError } from '@shared/errors';
import type { ConnectionTestResult } from '@shared/ipc/profile-channels';
import type { ProfileInput, ProfileSecretInput } from '@shared/model/profile';
import { useIpcClient } from '../api/client';
import { asAppError } from '../api/app-error';

/**
 * Tests a connection before it is saved: main signs in with the typed secret on a connection
 * of its own, reads MyIp (is the caller's IP allowed by the ACL?) and the instance list, and
 * keeps nothing (no profile written, no secret remembered).
 */
export function useConnectionTest() {
  const client = useIpcClient();
  const isTesting = ref(false);
  const result = ref<ConnectionTestResult>();
  const error = ref<AppError>();

  /** Runs the test; the outcome is in `result` or `error`. */
  async function test(input: ProfileInput, secret: ProfileSecretInput): Promise<boolean> {
    isTesting.value = true;
    result.value = undefined;
    error.value = undefined;
    try {
      result.value = await client.invoke('session:test', { profile: input, secret });
      return true;
    } catch (caught) {
      error.value = asAppError(caught);
      return false;
    } finally {
      isTesting.value = false;
    }
  }

  function reset(): void {
    result.value = undefined;
    error.value = undefined;
  }

  return { isTesting, result, error, test, reset };
}
