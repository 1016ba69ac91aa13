import { app, type BrowserWindow } from 'electron';
import type { Logger } from '../services/log/logger';

/** Longest wait for transfers to pause before the app quits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Options of {@link installLifecycle}. */
export interface LifecycleOptions {
  readonly window: () => BrowserWindow | undefined;
  /** Pauses transfers (their journals keep them) and stops the services. */
  readonly shutdown: () => Promise<void>;
  readonly closeToTray: () => boolean;
  readonly logger: Logger;
}

/**
 * Quit and close behaviour. Quitting first pauses running transfers so their journals resume
 * them next time (bounded by a deadline, so a stuck request cannot keep the app alive).
 * Closing the window with close-to-tray on only hides it, so monitoring goes on.
 */
export function installLifecycle(options: LifecycleOptions): void {
  let isQuitting = false;
  let stage: 'running' | 'stopping' | 'stopped' = 'running';

  app.on('before-quit', (event) => {
    isQuitting = true;
    if (stage === 'stopped') return;
    event.preventDefault();
    if (stage === 'stopping') return;
    stage = 'stopping';
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_DEADLINE_MS));
    void Promise.race([options.shutdown(), deadline])
      .catch((error: unknown) => options.logger.error('Shutdown failed', { error }))
      .finally(() => {
        stage = 'stopped';
        app.quit();
      });
  });

  app.on('browser-window-created', (_event, window) => {
    window.on('close', (event) => {
      if (isQuitting || !options.closeToTray() || window !== options.window()) return;
      event.preventDefault();
      window.hide();
    });
  });

  app.on('window-all-closed', () => {
    // On macOS apps stay in the dock without windows; elsewhere closing the window quits.
    if (process.platform !== 'darwin') app.quit();
  });
}
