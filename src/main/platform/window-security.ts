import { app, session, shell, type WebContents } from 'electron';
import { isAllowedExternalUrl } from '../app/external-links';
import { CONTENT_SECURITY_POLICY } from '../app/csp';
import { originOf } from '../services/ipc/sender-policy';
import { isPermissionGranted } from './permission-policy';

/**
 * The session-wide rules of Electron's security checklist: every web permission is denied
 * but the clipboard write our own page needs for its Copy buttons (see permission-policy.ts;
 * no camera, notifications come from main, no geolocation), and every response carries our
 * CSP (the meta tag in index.html says the same; the header also covers the dev server).
 * Both handlers are set: Chromium checks a permission first and asks only when the check
 * says no.
 */
export function hardenSession(ownOrigin: string): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      isPermissionGranted(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        ownOrigin,
      ),
    ),
  );
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionGranted(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      ownOrigin,
    ),
  );
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}

/**
 * Per-window rules: no new windows (an allowed https link opens in the browser instead), no
 * navigation away from our own origin, no webviews. Applied to every webContents created.
 */
function hardenWebContents(contents: WebContents, ownOrigin: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    // Reloading our own page is fine; anything else would put a foreign page next to our
    // preload. An allowed link clicked without target=_blank opens in the browser.
    if (originOf(url) === originOf(ownOrigin)) return;
    event.preventDefault();
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (originOf(url) !== originOf(ownOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Applies {@link hardenWebContents} to every webContents the app ever creates. */
export function hardenAllWebContents(ownOrigin: string): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, ownOrigin));
}
