import type { Network } from '../http/dispatcher';

/*
 * How a request of the app reaches a host: the same choice undici's EnvHttpProxyAgent makes
 * with the proxies and NO_PROXY that `networkOf` hands the dispatcher, written out for a
 * person reading a diagnostics bundle. Kept beside the bundle, not in the dispatcher: the
 * dispatcher never needs the words, only undici's choice.
 */

/** Where the proxy URL came from. */
export type ProxySource = 'settings' | 'command line' | 'environment';

/** How requests to one host go. */
export interface ProxyRoute {
  readonly url: string;
  readonly route: 'proxy' | 'direct';
  /** Why: the proxy's source, the NO_PROXY entry that matched, or that none is set. */
  readonly reason: string;
  /** The proxy, without any user name or password. */
  readonly proxy?: string;
}

interface NoProxyEntry {
  readonly text: string;
  readonly hostname: string;
  readonly port: number;
  readonly wildcard: boolean;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** A URL without its user name and password (`http://[redacted]@proxy:3128/`). */
export function withoutCredentials(text: string): string {
  try {
    const url = new URL(text);
    if (url.username === '' && url.password === '') return text;
    url.username = '';
    url.password = '';
    return url.href.replace('://', '://[redacted]@');
  } catch {
    // Not a URL: strip anything that looks like user:pass@ all the same.
    return text.replace(/\/\/[^/@\s]*@/g, '//[redacted]@');
  }
}

function parseNoProxy(value: string): NoProxyEntry[] {
  return value
    .split(/[,\s]/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      const ipv6 = /^\[(.+)\]:(\d+)$/.exec(entry);
      const bare = entry.replace(/^\[(.+)\]$/, '$1');
      const hostPort = (bare.match(/:/g) ?? []).length === 1 ? /^(.+):(\d+)$/.exec(bare) : null;
      const host = ipv6?.[1] ?? hostPort?.[1] ?? bare;
      const port = Number.parseInt(ipv6?.[2] ?? hostPort?.[2] ?? '0', 10);
      return {
        text: entry,
        hostname: host
          .replace(/^\*?\./, '')
          .replace(/^(.+)\.$/, '$1')
          .toLowerCase(),
        port,
        wildcard: entry.startsWith('*'),
      };
    });
}

/** The NO_PROXY entry that sends `url` direct, as undici matches them; undefined when none. */
function noProxyMatch(url: URL, noProxy: string): string | undefined {
  const hostname = url.hostname
    .replace(/^\[(.+)\]$/, '$1')
    .replace(/(.)\.$/, '$1')
    .toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of parseNoProxy(noProxy)) {
    if (entry.port && entry.port !== port) continue;
    if (entry.hostname === '*') return entry.text;
    if (!entry.wildcard && hostname === entry.hostname) return entry.text;
    if (hostname.endsWith(`.${entry.hostname}`)) return entry.text;
  }
  return undefined;
}

/**
 * How a request to `url` goes with `network` (from `networkOf`): through the proxy for its
 * scheme unless a NO_PROXY entry matches, direct when no proxy is set.
 */
export function describeProxyRoute(
  url: string,
  network: Pick<Network, 'httpProxy' | 'httpsProxy' | 'noProxy'>,
  source: ProxySource,
): ProxyRoute {
  const target = new URL(url);
  const proxy = target.protocol === 'https:' ? network.httpsProxy : network.httpProxy;
  if (!proxy) return { url, route: 'direct', reason: 'no proxy is set' };
  const matched = noProxyMatch(target, network.noProxy);
  if (matched !== undefined) {
    return { url, route: 'direct', reason: `NO_PROXY entry "${matched}" matches the host` };
  }
  return {
    url,
    route: 'proxy',
    reason: `the ${source} proxy`,
    proxy: withoutCredentials(proxy),
  };
}
