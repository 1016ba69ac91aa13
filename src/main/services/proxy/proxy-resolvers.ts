import { DIRECT, firstUsableChoice, type ProxyChoice } from './proxy-choice';

/** Answers how a request to a URL goes out: the one question every proxy source answers. */
export interface ProxyResolver {
  resolve(url: URL): Promise<ProxyChoice>;
}

/** A fixed proxy per scheme and the hosts that bypass it, as HTTPS_PROXY and NO_PROXY say. */
export interface FixedProxies {
  /** Proxy of `http:` URLs; empty for none. */
  readonly httpProxy: string;
  /** Proxy of `https:` URLs; empty for none. */
  readonly httpsProxy: string;
  /** NO_PROXY as written (comma or space separated). */
  readonly noProxy: string;
}

/** One NO_PROXY entry against a host and port, as undici's EnvHttpProxyAgent reads it. */
function bypasses(entry: string, host: string, port: string): boolean {
  if (entry === '*') return true;
  const match = /^(.*?)(?::(\d+))?$/.exec(entry);
  const name = (match?.[1] ?? '').replace(/^\*?\./, '').toLowerCase();
  if (match?.[2] !== undefined && match[2] !== port) return false;
  return name !== '' && (host === name || host.endsWith(`.${name}`));
}

/** The proxy a fixed configuration gives `url`, or undefined when it goes direct. */
export function fixedProxyOf(proxies: FixedProxies, url: URL): string | undefined {
  const proxy = url.protocol === 'https:' ? proxies.httpsProxy : proxies.httpProxy;
  if (proxy === '') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const noProxy = proxies.noProxy.split(/[\s,]+/).filter((entry) => entry !== '');
  return noProxy.some((entry) => bypasses(entry, host, port)) ? undefined : proxy;
}

/**
 * The settings' proxy URL, or the environment's HTTPS_PROXY/HTTP_PROXY with NO_PROXY: the
 * same choice undici's EnvHttpProxyAgent made before. The proxy URL keeps any user and
 * password it was written with (HTTPS_PROXY=http://user:pass@host), which undici sends.
 */
export function fixedProxyResolver(proxies: FixedProxies): ProxyResolver {
  return {
    resolve: (url) => {
      const proxy = fixedProxyOf(proxies, url);
      return Promise.resolve(proxy === undefined ? DIRECT : { kind: 'proxy', url: proxy });
    },
  };
}

/**
 * A resolver over a function answering in PAC form (`PROXY host:port; DIRECT`): Electron's
 * `session.resolveProxy`, or a PAC file's FindProxyForURL.
 */
export function pacAnswerResolver(answer: (url: string) => Promise<string>): ProxyResolver {
  return {
    resolve: async (url) => firstUsableChoice(await answer(url.href), url.href),
  };
}

/** Options of {@link cachedProxyResolver}. */
export interface ProxyCacheOptions {
  /** How long one answer is kept for its scheme, host and port (default 60 s). */
  readonly ttlMs?: number;
  readonly now?: () => number;
}

/**
 * Keeps each answer for its scheme, host and port briefly: a PAC file and Chromium answer per
 * URL, but a transfer sends hundreds of requests to the same storage host, and a PAC
 * evaluation (or a round trip to Electron's network service) per request is waste. Answers
 * are not kept past the time, so a network change (VPN up, WPAD changed) is followed. A
 * failed answer is not kept.
 */
export function cachedProxyResolver(
  inner: ProxyResolver,
  options: ProxyCacheOptions = {},
): ProxyResolver {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { at: number; choice: Promise<ProxyChoice> }>();
  return {
    resolve: (url) => {
      const key = `${url.protocol}//${url.host}`;
      const kept = answers.get(key);
      if (kept && now() - kept.at < ttlMs) return kept.choice;
      const choice = inner.resolve(url);
      answers.set(key, { at: now(), choice });
      choice.catch(() => {
        if (answers.get(key)?.choice === choice) answers.delete(key);
      });
      return choice;
    },
  };
}
