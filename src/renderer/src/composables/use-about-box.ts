import { useMessage } from 'naive-ui';
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppInfo } from '@shared/ipc/app-channels';
import type { UpdateStatus } from '@shared/model/updates';
import { asAppError, failureText } from '../api/app-error';
import { useIpcClient } from '../api/client';
import { checkBlockedReason } from '../model/about/update-words';
import { useUpdatesStore } from '../stores/updates-store';

/** What the About box shows and does. */
export interface AboutBox {
  /** The app's name, version and what runs it; undefined until main answered. */
  readonly info: Ref<AppInfo | undefined>;
  readonly status: ComputedRef<UpdateStatus | undefined>;
  /** Why "Check for updates" cannot be pressed now, or undefined. */
  readonly blocked: ComputedRef<string | undefined>;
  readonly isChecking: Ref<boolean>;
  readonly check: () => Promise<void>;
}

/**
 * The About box (Help → About, the command palette): reads the app's info and the update
 * status from main each time it opens (the status then follows main's events), and checks for
 * updates when asked; a refusal (updates off here) shows as a message that says why.
 */
export function useAboutBox(show: Ref<boolean>): AboutBox {
  const client = useIpcClient();
  const message = useMessage();
  const updates = useUpdatesStore();
  const info = ref<AppInfo>();
  const isChecking = ref(false);

  watch(
    show,
    async (open) => {
      if (!open) return;
      try {
        const [answer] = await Promise.all([client.invoke('app:getInfo'), updates.load()]);
        info.value = answer;
      } catch (caught) {
        message.error(failureText('Reading the app version', asAppError(caught)));
      }
    },
    { immediate: true },
  );

  async function check(): Promise<void> {
    isChecking.value = true;
    try {
      await updates.check();
    } catch (caught) {
      message.error(failureText('Checking for updates', asAppError(caught)));
    } finally {
      isChecking.value = false;
    }
  }

  const status = computed(() => updates.status);
  const blocked = computed(() => checkBlockedReason(updates.status));
  return { info, status, blocked, isChecking, check };
}
