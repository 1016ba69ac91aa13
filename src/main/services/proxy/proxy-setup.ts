import type { Agent } from 'undici';
import { pacFileResolver } from './pac-file-resolver';
import {
  cachedProxyResolver,
  fixedProxyResolver,
  pacAnswerResolver,
  type FixedProxies,
  type ProxyResolver,
} from './proxy-resolvers';
import type { ProxySource } from './proxy-source';

/** What building a source's resolver needs besides the source. */
export interface ResolverDeps {
  /** The environment's NO_PROXY, which a proxy URL set by the user honours too. */
  readonly noProxy: string;
  /** The agent options to fetch a PAC file with (the app's CAs and timeouts). */
  readonly agent: Agent.Options;
  /** Electron's `session.resolveProxy` (app only): a PAC-form answer for a URL. */
  readonly system?: (url: string) => Promise<string>;
  /** How long a PAC or system answer is kept per host (default 60 s). */
  readonly cacheMs?: number;
}

const NO_PROXY: FixedProxies = { httpProxy: '', httpsProxy: '', noProxy: '' };

/** The resolver of a proxy source. PAC and system answers are cached per host briefly. */
export function resolverOfSource(source: ProxySource, deps: ResolverDeps): ProxyResolver {
  const cache = deps.cacheMs === undefined ? {} : { ttlMs: deps.cacheMs };
  switch (source.kind) {
    case 'setting':
      return fixedProxyResolver({
        httpProxy: source.proxyUrl,
        httpsProxy: source.proxyUrl,
        noProxy: deps.noProxy,
      });
    case 'pac':
      return cachedProxyResolver(
        pacFileResolver({ pacUrl: source.pacUrl, agent: deps.agent }),
        cache,
      );
    case 'environment':
      return fixedProxyResolver(source.proxies);
    case 'system':
      return deps.system
        ? cachedProxyResolver(pacAnswerResolver(deps.system), cache)
        : fixedProxyResolver(NO_PROXY);
    case 'direct':
      return fixedProxyResolver(NO_PROXY);
  }
}
