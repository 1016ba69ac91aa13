import { BrowserWindow } from 'electron';
import type { WindowState } from '../app/window-bounds';
import { revealWindow, watchWindowLoad } from './window-load-watch';

/** Options of {@link createMainWindow}. */
export interface MainWindowOptions {
  readonly state: WindowState;
  /** The built preload (`out/preload/index.cjs`). */
  readonly preload: string;
  /** What the window loads: `app://databridge/index.html`, or the dev server. */
  readonly url: string;
  readonly icon: string;
}

/**
 * The one app window, with Electron's security checklist applied: the renderer is isolated
 * from the preload, sandboxed, without Node, with web security and without webviews.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { state } = options;
  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'DataBridge Desktop',
    icon: options.icon,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // Middle-click would open links in new windows, past the window-open handler's intent.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  // Hidden until its page is ready (no white flash), but never hidden for good.
  const reveal = revealWindow(window, state.isMaximized);
  watchWindowLoad(window, options.url, reveal);
  // A failed load is reported through did-fail-load (watchWindowLoad), not this promise.
  window.loadURL(options.url).catch(() => undefined);
  return window;
}

/** Brings the window to the front (second instance, tray click, notification click). */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
