import { originOf } from '../services/ipc/sender-policy';

/**
 * The web permissions the window may use, and from where. Everything else stays denied
 * (Electron's security checklist, item "handle session permission requests").
 *
 * `clipboard-sanitized-write` is what Chromium asks for before `navigator.clipboard.writeText`:
 * without it every Copy button rejects with "Write permission denied". It is the sanitised
 * write (plain text, sanitised HTML and images only) and Chromium still requires a user
 * gesture for it, so granting it to our own page costs nothing a browser tab does not have.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Who asks for a permission, as Electron's permission handlers describe it. */
export interface PermissionAsk {
  readonly permission: string;
  /** The asking frame's URL (request handler) or origin (check handler); may be empty. */
  readonly requestingUrl: string | undefined;
  readonly isMainFrame: boolean;
}

/**
 * Whether to grant `ask`: only a permission the app needs, only to the main frame, and only
 * when that frame shows our own origin (`app://databridge`, or the dev server). A frame that
 * navigated elsewhere, or an iframe, gets nothing, the same rule the IPC sender check uses.
 */
export function isPermissionGranted(ask: PermissionAsk, ownOrigin: string): boolean {
  if (!GRANTED_PERMISSIONS.has(ask.permission) || !ask.isMainFrame) return false;
  const origin = ask.requestingUrl ? originOf(ask.requestingUrl) : undefined;
  return origin !== undefined && origin === originOf(ownOrigin);
}
