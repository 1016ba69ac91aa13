import { computed, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import { useFrameStore } from '../stores/frame-store';
import { useAction } from './use-action';
import type { DialogCommand } from './use-copy-command';

/** Options of {@link useDatabaseJobDialog}. */
export interface DatabaseJobDialogOptions {
  /** The dialog's `v-model:show`. */
  readonly show: Ref<boolean>;
  /** The confirm button, e.g. `Rename`; a failure names the action `Rename database`. */
  readonly verb: string;
  /** The dialog's title, e.g. `Rename Sales`. */
  readonly title: () => string;
  /** The toast once the service took the job, e.g. `Rename started`. */
  readonly success: string;
  readonly testId: string;
  /** Puts the form back to its start. */
  readonly reset: () => void;
  /** The action as it stands in the form, for "Copy as command". */
  readonly command?: () => DialogCommand;
}

/** The props of ActionDialog the composable fills (bind with `v-bind="frame"`). */
export interface JobDialogFrame {
  readonly title: string;
  readonly confirmText: string;
  readonly running: boolean;
  readonly error: AppError | undefined;
  readonly errorTitle: string;
  readonly testId: string;
  readonly command: DialogCommand | undefined;
}

/**
 * What every dialog that starts a job on a database (create, rename, move, shrink, archive)
 * does around its own form: a fresh form each time it opens, except after a failure (what was
 * typed stays, next to the service's message); one action runner whose failure shows in the
 * dialog, not as a toast; and once the service took the job, close and open the activity
 * panel, where the job is followed. The dialog checks its form, then calls `start`.
 */
export function useDatabaseJobDialog(options: DatabaseJobDialogOptions): {
  frame: ComputedRef<JobDialogFrame>;
  start: (work: () => Promise<unknown>) => Promise<void>;
} {
  const frameStore = useFrameStore();
  const errorTitle = `${options.verb} database`;
  const action = useAction(errorTitle, { quiet: true, success: options.success });

  watch(
    options.show,
    (open) => {
      if (open && !action.error.value) options.reset();
    },
    { immediate: true },
  );

  const frame = computed<JobDialogFrame>(() => ({
    title: options.title(),
    confirmText: options.verb,
    running: action.isRunning.value,
    error: action.error.value,
    errorTitle,
    testId: options.testId,
    command: options.command?.(),
  }));

  async function start(work: () => Promise<unknown>): Promise<void> {
    const outcome = await action.run(work);
    if (!outcome.ok) return;
    options.show.value = false;
    frameStore.showActivity();
  }

  return { frame, start };
}
