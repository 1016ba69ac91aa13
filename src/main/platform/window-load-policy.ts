/**
 * What the main window does when its page does not arrive. The window is created hidden and
 * shown on `ready-to-show` (no white flash), so a page that never loads would leave only a
 * tray icon: these rules make sure the user always gets a window and a way on.
 */

/** Longest wait for `ready-to-show` before the window is shown anyway. */
export const SHOW_DEADLINE_MS = 10_000;
/** How often a failed load is tried again by itself before the user is asked. */
export const AUTOMATIC_RETRIES = 1;
/** Pause before the automatic retry (a dev server that is still starting, a busy disk). */
const RETRY_DELAY_MS = 1_000;

/** Chromium's net::ERR_ABORTED: a load replaced by another (a redirect, a reload), not a failure. */
const ERR_ABORTED = -3;

/** A `did-fail-load` of the window, as Electron reports it. */
export interface LoadFailure {
  readonly errorCode: number;
  readonly errorDescription: string;
  readonly url: string;
  readonly isMainFrame: boolean;
  /** Failures of the main frame so far, this one included. */
  readonly failures: number;
}

/** What to do about a failed load. */
export type LoadFailureAction =
  | { readonly kind: 'ignore' }
  | { readonly kind: 'retry'; readonly delayMs: number }
  | { readonly kind: 'ask'; readonly prompt: RecoveryPrompt };

/** The message box offered when the page cannot be shown: reload, or quit. */
interface RecoveryPrompt {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly ['Reload', 'Quit'];
}

/**
 * Decides about one `did-fail-load`: a sub-frame or an aborted load is nothing to act on; the
 * first real failure is retried once after a pause; after that the window is shown with a
 * message box that names the error and offers Reload or Quit.
 */
export function loadFailureAction(failure: LoadFailure): LoadFailureAction {
  if (!failure.isMainFrame || failure.errorCode === ERR_ABORTED) return { kind: 'ignore' };
  if (failure.failures <= AUTOMATIC_RETRIES) return { kind: 'retry', delayMs: RETRY_DELAY_MS };
  return {
    kind: 'ask',
    prompt: recoveryPrompt(
      'DataBridge Desktop could not load its window',
      `${failure.errorDescription || 'Unknown error'} (${failure.errorCode}) while loading ${failure.url}.`,
    ),
  };
}

/** Why the renderer process ended, as Electron's `render-process-gone` reports it. */
export interface RendererGone {
  readonly reason: string;
  readonly exitCode: number;
}

/**
 * Decides about a renderer that ended: a clean exit (the window closing) needs nothing;
 * anything else (a crash, out of memory, killed) would leave a blank window, so the user is
 * asked to reload it. Transfers and the monitor live in main and go on either way.
 */
export function rendererGoneAction(gone: RendererGone): LoadFailureAction {
  if (gone.reason === 'clean-exit') return { kind: 'ignore' };
  return {
    kind: 'ask',
    prompt: recoveryPrompt(
      'The DataBridge Desktop window stopped',
      `Its page ended (${gone.reason}, exit code ${gone.exitCode}).`,
    ),
  };
}

function recoveryPrompt(title: string, what: string): RecoveryPrompt {
  return {
    title,
    message: title,
    detail: `${what} Transfers and monitoring go on in the background. Reload the window, or quit the app (running transfers pause and resume at the next start).`,
    buttons: ['Reload', 'Quit'],
  };
}
