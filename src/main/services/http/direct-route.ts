import { networkOf, proxyResolverOf, type DispatcherOptions } from './dispatcher';

/*
 * How the transfer engine's direct GETs (sockets of its own, for the speed of large downloads)
 * reach pre-signed hosts: the same CAs, proxy choice and timeouts as the app's undici
 * dispatcher, so a download taken directly trusts and avoids exactly what undici would.
 */

/** What a direct GET needs to know about the network. */
export interface DirectRoute {
  /** CA certificates to trust; undefined keeps Node's defaults (as the dispatcher does). */
  readonly ca?: string[];
  /** True when a proxy applies to the URL: the request then goes through undici. */
  readonly proxied: (url: URL) => Promise<boolean>;
  readonly connectTimeoutMs: number;
  /** Time allowed without a byte while the socket is reading (head or body). */
  readonly bodyTimeoutMs: number;
  /** The buffers of one download: `slots` of `slotBytes` (memory per download). */
  readonly pool: { slots: number; slotBytes: number; idleBytes?: number };
  /** Sees each direct request (tests, benches): the origin, the headers sent and the URL. */
  readonly onRequest?: (origin: string, headers: Record<string, string>, url: string) => void;
  /** Sees the body bytes a read brings the total to (tests): an error answered cuts there. */
  readonly onBodyBytes?: (total: number) => Error | undefined;
}

/** Options of {@link directRoute}: the dispatcher's network options, and the pool. */
export type DirectRouteOptions = Pick<
  DispatcherOptions,
  | 'proxyUrl'
  | 'proxyPacUrl'
  | 'systemProxy'
  | 'resolver'
  | 'env'
  | 'extraCaFile'
  | 'useSystemCa'
  | 'ca'
  | 'connectTimeoutMs'
  | 'bodyTimeoutMs'
  | 'logger'
> & { readonly pool?: { slots: number; slotBytes: number; idleBytes?: number } };

/**
 * Four slots of 1 MiB, handed to an idle writer from 256 KiB on. On a loaded 2-core machine
 * (1 GiB from a local Node server, MD5 on): 4 x 1 MiB took 2.5-3.6 s where 8 x 256 KiB took
 * 3.9 s; handing on from 256 KiB 2.4-2.5 s, from any byte 2.7-3.4 s, full slots only 2.6-2.8 s.
 */
const DEFAULT_POOL = { slots: 4, slotBytes: 1024 * 1024, idleBytes: 256 * 1024 };

/** The route of the app's dispatcher for the given settings and environment. */
export function directRoute(options: DirectRouteOptions = {}): DirectRoute {
  // The same proxy choice and CAs as the app's dispatcher: pass its `resolver` and `ca` so a
  // PAC file is fetched once and the CAs assembled once.
  const { ca } = options.ca ? { ca: options.ca } : networkOf(options);
  const resolver = proxyResolverOf({ ...options, ...(ca ? { ca } : {}) });
  return {
    ...(ca ? { ca } : {}),
    proxied: async (url) => (await resolver.resolve(url)).kind === 'proxy',
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
    pool: options.pool ?? DEFAULT_POOL,
  };
}
