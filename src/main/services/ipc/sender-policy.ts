/** Who sent an invoke: the URL of the sending frame, and whether it is the top frame. */
export interface IpcSender {
  readonly url: string;
  readonly isMainFrame: boolean;
}

/**
 * The origin of a URL as `scheme://host[:port]`. WHATWG `URL.origin` is `null` for schemes it
 * does not know (our `app:` scheme), so it is built from the parts instead. `file:` URLs
 * have no host: every file URL has the origin `file://`.
 */
export function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'file:') return 'file://';
  if (parsed.host === '') return undefined;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/**
 * Decides whether a sender may use the IPC contract: our own origin (the `app://` protocol in
 * production, the dev server in development, the harness's loopback address) and the main
 * frame only. An iframe, or a page that navigated elsewhere, gets nothing: this check is what
 * keeps a foreign page from calling privileged channels if one ever loads in the window.
 */
export class SenderPolicy {
  readonly #origins: ReadonlySet<string>;

  constructor(allowedOrigins: readonly string[]) {
    const origins = new Set<string>();
    for (const entry of allowedOrigins) {
      const origin = originOf(entry);
      if (origin === undefined) throw new Error(`Not an origin: ${entry}`);
      origins.add(origin);
    }
    this.#origins = origins;
  }

  /** The normalised origins this policy allows. */
  get origins(): readonly string[] {
    return [...this.#origins];
  }

  /** True when `sender` is the main frame of one of our origins. */
  allows(sender: IpcSender): boolean {
    if (!sender.isMainFrame) return false;
    const origin = originOf(sender.url);
    return origin !== undefined && this.#origins.has(origin);
  }
}
