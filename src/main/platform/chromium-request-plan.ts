import type { PortRequestOptions } from '../services/http/request-port';

/*
 * The decisions of the Chromium port (chromium-request.ts), free of Electron so they are
 * unit tested: which session a request goes through, with which proxy, and the options of
 * `net.request` (docs/api/client-request.md, session.md, structures/proxy-config.md).
 */

/** A session of its own for one proxy, and the proxy configuration it is given. */
export interface ProxySessionPlan {
  /** An in-memory partition (no `persist:` prefix): nothing of it reaches the disk. */
  readonly partition: string;
  readonly config: { readonly mode: 'fixed_servers' | 'system'; readonly proxyRules?: string };
}

/**
 * The session of the requests through `proxy`: one per proxy, set to that proxy alone
 * (`fixed_servers`). The app's resolver chose the proxy (the settings, a PAC file, the
 * environment or the system's) and it is the one that asked for the sign-in, so Chromium must
 * not choose another; and the default session's hooks (the window's CSP header on every
 * answer) stay off the service's answers. Ambient sign-in to a proxy needs no session
 * setting: Chromium allows the default credentials for every proxy (AUTH_PROXY), and the
 * allow-list (`allowNTLMCredentialsForDomains`, `--auth-server-allowlist`) is for servers.
 */
export function proxySessionPlan(proxy: string | undefined): ProxySessionPlan {
  if (proxy === undefined) return { partition: 'databridge-system', config: { mode: 'system' } };
  const url = new URL(proxy);
  const name = `${url.protocol.replace(':', '')}-${url.hostname}-${url.port || 'default'}`;
  return {
    partition: `databridge-proxy-${name.toLowerCase().replace(/[^a-z0-9.-]/g, '_')}`,
    // proxyRules' `<proxyScheme>://<proxyHost>:<proxyPort>`: the origin as the resolver wrote it.
    config: { mode: 'fixed_servers', proxyRules: url.origin },
  };
}

/**
 * Headers Chromium does not let an app set (client-request.md, "restricted"): it writes them
 * itself, Content-Length from the body it was given.
 */
const RESTRICTED = new Set([
  'content-length',
  'host',
  'trailer',
  'te',
  'upgrade',
  'cookie2',
  'keep-alive',
  'transfer-encoding',
]);

/** The headers of a request as `net.request` takes them: the restricted ones left out. */
export function chromiumHeaders(
  headers: PortRequestOptions['headers'],
): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => {
      const lower = name.toLowerCase();
      const upgrade = lower === 'connection' && String(value).toLowerCase() === 'upgrade';
      return !RESTRICTED.has(lower) && !upgrade;
    }),
  );
}

/** The options of `net.request` for one request of the port, the session aside. */
export function chromiumRequestOptions(options: PortRequestOptions) {
  return {
    method: options.method,
    url: options.url,
    headers: chromiumHeaders(options.headers),
    // The 3xx comes back as a 'redirect' event and is never followed: the caller decides, as
    // with undici (a pre-signed URL must not be swapped for another behind its back).
    redirect: 'manual' as const,
    // No cookies of the session, and `credentials` left unset: then "authentication data
    // from the session will be sent, and cookies will not be sent" (client-request.md), so
    // Chromium answers the proxy's Negotiate or NTLM challenge.
    useSessionCookies: false,
    // Service answers and ranges of a download are never served from Chromium's cache.
    cache: 'no-store' as const,
  };
}
