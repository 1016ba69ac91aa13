import { useMessage } from 'naive-ui';
import { ref, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import { asAppError, failureText } from '../api/app-error';

/** What {@link useAction}'s `run` answers. */
type ActionOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

/** Options of {@link useAction}. */
export interface ActionOptions {
  /** Shown as a success toast when the action worked, e.g. `Database created`. */
  readonly success?: string | ((value: unknown) => string);
  /** Do not toast the failure (the caller shows `error` itself, e.g. in a form). */
  readonly quiet?: boolean;
}

/** The state and runner returned by {@link useAction}. */
export interface ActionRunner {
  /** True while the action runs (bind it to the button's `loading`). */
  readonly isRunning: Ref<boolean>;
  /** The last failure (cleared when the action runs again). */
  readonly error: Ref<AppError | undefined>;
  /** Runs `work`; never throws. */
  run<T>(work: () => Promise<T>): Promise<ActionOutcome<T>>;
}

/**
 * Runs an action (usually one store call that invokes main) with a loading flag. A failure
 * shows a toast that names the action and carries the service's message, and stays in
 * `error` for the form to show; nothing the user typed is touched. Call in a component's
 * setup (it needs naive-ui's message provider).
 *
 * ```ts
 * const create = useAction('Create database', { success: 'Creation started' });
 * const outcome = await create.run(() => databases.create(...));
 * if (outcome.ok) close();
 * ```
 */
export function useAction(title: string, options: ActionOptions = {}): ActionRunner {
  const message = useMessage();
  const isRunning = ref(false);
  const error = ref<AppError>();

  async function run<T>(work: () => Promise<T>): Promise<ActionOutcome<T>> {
    isRunning.value = true;
    error.value = undefined;
    try {
      const value = await work();
      const text = typeof options.success === 'function' ? options.success(value) : options.success;
      if (text) message.success(text);
      return { ok: true, value };
    } catch (caught) {
      const appError = asAppError(caught);
      error.value = appError;
      if (!options.quiet) message.error(failureText(title, appError), { duration: 8000 });
      return { ok: false, error: appError };
    } finally {
      isRunning.value = false;
    }
  }

  return { isRunning, error, run };
}
