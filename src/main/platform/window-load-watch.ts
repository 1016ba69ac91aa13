import { app, dialog, type BrowserWindow } from 'electron';
import {
  loadFailureAction,
  rendererGoneAction,
  SHOW_DEADLINE_MS,
  type LoadFailureAction,
} from './window-load-policy';

/**
 * Shows the hidden window once: on `ready-to-show`, or at the deadline, or as soon as the
 * load failed for good, whichever comes first.
 */
export function revealWindow(window: BrowserWindow, isMaximized: boolean): () => void {
  let revealed = false;
  const reveal = (): void => {
    if (revealed || window.isDestroyed()) return;
    revealed = true;
    clearTimeout(deadline);
    if (isMaximized) window.maximize();
    window.show();
  };
  const deadline = setTimeout(reveal, SHOW_DEADLINE_MS);
  window.once('ready-to-show', reveal);
  window.once('closed', () => clearTimeout(deadline));
  return reveal;
}

/**
 * Acts on a page that fails to load or a renderer that ends (window-load-policy.ts decides):
 * retries, or shows the window with a message box offering Reload or Quit.
 */
export function watchWindowLoad(window: BrowserWindow, url: string, reveal: () => void): void {
  // Counted over the window's life and never reset: a page that fails again after a
  // reload goes straight to the message box instead of retrying in a loop.
  let failures = 0;
  // loadURL's promise rejects on a failed load too; did-fail-load is where it is handled.
  const load = (): void => {
    if (!window.isDestroyed()) window.loadURL(url).catch(() => undefined);
  };
  const act = (action: LoadFailureAction): void => {
    if (action.kind === 'ignore' || window.isDestroyed()) return;
    if (action.kind === 'retry') {
      setTimeout(load, action.delayMs);
      return;
    }
    reveal();
    const { prompt } = action;
    void dialog
      .showMessageBox(window, {
        type: 'error',
        title: prompt.title,
        message: prompt.message,
        detail: prompt.detail,
        buttons: [...prompt.buttons],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      })
      .then(({ response }) => {
        if (response === 1) app.quit();
        else load();
      });
  };
  const contents = window.webContents;
  contents.on('did-fail-load', (_event, errorCode, errorDescription, failedUrl, isMainFrame) => {
    if (isMainFrame) failures += 1;
    act(loadFailureAction({ errorCode, errorDescription, url: failedUrl, isMainFrame, failures }));
  });
  contents.on('render-process-gone', (_event, details) => act(rendererGoneAction(details)));
}
