import { describeChoice } from '../proxy/proxy-choice';
import type { ProxyResolver } from '../proxy/proxy-resolvers';
import type { ProxySource } from '../proxy/proxy-source';

/*
 * How a request of the app reaches a host, written out for a person reading a diagnostics
 * bundle: the choice the dispatcher's own resolver makes (a proxy URL, a PAC file, the
 * environment with NO_PROXY, the system's in the app), asked for each service host, and where
 * that choice comes from, every URL without its user name and password.
 */

/** Where a proxy URL or PAC URL was set: the app's settings or the command line. */
export type ProxyOrigin = 'settings' | 'command line';

/** How requests to one host go. */
export interface ProxyRoute {
  readonly url: string;
  readonly route: 'proxy' | 'direct' | 'unknown';
  /** The answer as a PAC file writes it (`PROXY http://proxy:3128`, `DIRECT`), or why none. */
  readonly answer: string;
}

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

/** How a request to `url` goes, as `resolver` answers; a resolver that fails says why. */
export async function describeProxyRoute(
  url: string,
  resolver: ProxyResolver,
): Promise<ProxyRoute> {
  try {
    const choice = await resolver.resolve(new URL(url));
    return {
      url,
      route: choice.kind,
      answer: withoutCredentials(describeChoice(choice)),
    };
  } catch (error) {
    return { url, route: 'unknown', answer: `not resolved: ${(error as Error).message}` };
  }
}

/** Where the proxy choices come from, in words and URLs without credentials. */
export function describeProxySource(
  source: ProxySource,
  origin: ProxyOrigin,
): Record<string, string> {
  switch (source.kind) {
    case 'setting':
      return { source: origin, proxy: withoutCredentials(source.proxyUrl) };
    case 'pac':
      return { source: `PAC file (${origin})`, pac: withoutCredentials(source.pacUrl) };
    case 'environment':
      return {
        source: 'environment',
        httpProxy: withoutCredentials(source.proxies.httpProxy),
        httpsProxy: withoutCredentials(source.proxies.httpsProxy),
      };
    case 'system':
      return { source: "the system's (OS settings, WPAD or PAC, as Chromium resolves them)" };
    case 'direct':
      return { source: 'none: every host is reached directly' };
  }
}
