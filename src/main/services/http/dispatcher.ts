import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { Client, Pool, type Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../log/logger';
import type { ProxyAuthenticator } from '../proxy/proxy-authenticator';
import type { ProxyResolver } from '../proxy/proxy-resolvers';
import type { ProxySignIn } from '../proxy/proxy-sign-in';
import { resolverOfSource } from '../proxy/proxy-setup';
import { proxySourceOf, type ProxySource } from '../proxy/proxy-source';
import { RoutingDispatcher, type RouteAgentOptions } from '../proxy/routing-dispatcher';
import { PortDispatcher } from './port-dispatcher';
import type { RequestPort } from './request-port';

/** Options of {@link createDispatcher}. */
export interface DispatcherOptions {
  /** A proxy URL from the app's settings; wins over the PAC URL and the environment. */
  readonly proxyUrl?: string;
  /** A PAC file's URL from the settings or --proxy-pac; wins over the environment. */
  readonly proxyPacUrl?: string;
  /**
   * The system's proxy for a URL in PAC form (Electron's `session.resolveProxy`), used when
   * neither the settings nor the environment name a proxy. Absent outside the app.
   */
  readonly systemProxy?: (url: string) => Promise<string>;
  /** The resolver, already built (see {@link proxyResolverOf}), shared with the direct route. */
  readonly resolver?: ProxyResolver;
  /** Answers proxies that ask for credentials (407); absent, a 407 is the request's error. */
  readonly proxyAuth?: ProxyAuthenticator;
  /**
   * Chromium's `net.request` (the app only): the requests through a proxy that asks for the
   * user's sign-in (Negotiate, NTLM) go through it, since undici cannot answer that proxy.
   */
  readonly chromiumRequest?: RequestPort;
  /**
   * Answers a proxy that asks Chromium for a user name and password (NTLM outside Windows):
   * the keychain, else asked; absent, Chromium's question is cancelled.
   */
  readonly proxySignIn?: ProxySignIn;
  /** Environment to read HTTPS_PROXY, HTTP_PROXY, NO_PROXY and NODE_EXTRA_CA_CERTS from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A PEM file of extra CA certificates (default NODE_EXTRA_CA_CERTS). */
  readonly extraCaFile?: string;
  /** Trust the OS certificate store too, where Node offers it (default true). */
  readonly useSystemCa?: boolean;
  /**
   * The CA certificates, already assembled (see {@link networkOf}); then `extraCaFile` and
   * `useSystemCa` are not read again.
   */
  readonly ca?: string[];
  /** Time allowed to open a connection (default 10 s). */
  readonly connectTimeoutMs?: number;
  /** Time allowed without a byte while waiting for the answer's headers (default 60 s). */
  readonly headersTimeoutMs?: number;
  /** Time allowed without a byte while reading a body (default 60 s). */
  readonly bodyTimeoutMs?: number;
  /** How long an idle pooled connection is kept for reuse (default 30 s). */
  readonly keepAliveTimeoutMs?: number;
  /** Connections per origin (default 16). */
  readonly connections?: number;
  readonly logger?: Logger;
}

/** How {@link assembleCaCertificates} reaches TLS and files (injectable for tests). */
export interface CaSources {
  /** Node's `tls.getCACertificates`, absent on Node versions without it. */
  readonly getCACertificates?: (type: 'default' | 'system' | 'bundled') => string[];
  readonly rootCertificates: readonly string[];
  readonly readFile: (file: string) => string;
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The CA certificates to trust: Node's defaults (its bundled roots, plus NODE_EXTRA_CA_CERTS
 * when Node read it at start), the OS store where Node offers `getCACertificates('system')`
 * (so a company root installed in the OS works), and the certificates of `extraCaFile`.
 * Undefined when there is nothing beyond Node's defaults, so undici keeps its own.
 */
export function assembleCaCertificates(
  options: { extraCaFile?: string; useSystemCa?: boolean; logger?: Logger },
  sources: CaSources = defaultCaSources(),
): string[] | undefined {
  const extra: string[] = [];
  if (options.extraCaFile) {
    try {
      extra.push(...pemCertificates(sources.readFile(options.extraCaFile)));
    } catch (error) {
      (options.logger ?? silentLogger).warn('Could not read the extra CA certificates file', {
        file: options.extraCaFile,
        error,
      });
    }
  }
  const system =
    options.useSystemCa !== false && sources.getCACertificates
      ? safeList(() => sources.getCACertificates?.('system') ?? [])
      : [];
  if (extra.length === 0 && system.length === 0) return undefined;
  const defaults = sources.getCACertificates
    ? safeList(() => sources.getCACertificates?.('default') ?? [])
    : [...sources.rootCertificates];
  return [...new Set([...defaults, ...system, ...extra])];
}

/** The PEM certificates of a file's text. */
export function pemCertificates(text: string): string[] {
  return text.match(PEM_CERT) ?? [];
}

function safeList(read: () => string[]): string[] {
  try {
    return read();
  } catch {
    return [];
  }
}

/** Node's TLS and the machine's files. */
export function defaultCaSources(): CaSources {
  const withGet = tls as typeof tls & { getCACertificates?: CaSources['getCACertificates'] };
  return {
    ...(typeof withGet.getCACertificates === 'function'
      ? { getCACertificates: withGet.getCACertificates.bind(tls) }
      : {}),
    rootCertificates: tls.rootCertificates,
    readFile: (file) => readFileSync(file, 'utf8'),
  };
}

/** The proxy source and CAs the app's network options and environment give. */
export interface Network {
  readonly ca?: string[];
  /** Where the proxy choices come from (settings, PAC, environment, system, none). */
  readonly source: ProxySource;
  /** NO_PROXY as written (comma or space separated). */
  readonly noProxy: string;
}

/**
 * Reads the proxy choice and assembles the CAs once, for the dispatcher and the transfer
 * engine's direct downloads alike: pass the answer's `ca` on so neither reads them again.
 */
export function networkOf(options: DispatcherOptions = {}): Network {
  const env = options.env ?? process.env;
  const ca =
    options.ca ??
    assembleCaCertificates({
      extraCaFile: options.extraCaFile ?? env['NODE_EXTRA_CA_CERTS'],
      ...(options.useSystemCa === undefined ? {} : { useSystemCa: options.useSystemCa }),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  const fromEnv = (name: string): string =>
    env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '';
  // Empty strings, not undefined: undici would otherwise read process.env itself, and the
  // environment given here must be the whole truth (tests, the proxy setting).
  const noProxy = fromEnv('no_proxy');
  const environment = {
    httpProxy: fromEnv('http_proxy'),
    httpsProxy: fromEnv('https_proxy') || fromEnv('http_proxy'),
    noProxy,
  };
  const source = proxySourceOf({
    proxyUrl: options.proxyUrl,
    pacUrl: options.proxyPacUrl,
    environment,
    hasSystem: options.systemProxy !== undefined,
  });
  return { ...(ca ? { ca } : {}), source, noProxy };
}

/** The options every agent of the app's dispatcher is built with: timeouts, CAs, pools. */
function agentOptionsOf(options: DispatcherOptions, ca: string[] | undefined): RouteAgentOptions {
  const tlsOptions = ca ? { ca } : {};
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const timeouts = {
    headersTimeout: options.headersTimeoutMs ?? 60_000,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
  };
  // undici's proxy agent opens its connection to the proxy (for CONNECT, and for plain-http
  // requests it forwards whole) with bare options, so without this factory a host that stalls
  // behind a proxy is waited for 300 s (undici's defaults) instead of the timeouts here.
  const factory = (origin: string | URL, opts: object): Dispatcher => {
    const merged = { ...timeouts, ...opts };
    return (opts as { connections?: number }).connections === 1
      ? new Client(origin, merged)
      : new Pool(origin, merged);
  };
  return {
    factory,
    clientFactory: factory,
    connect: { timeout: connectTimeout, ...tlsOptions },
    requestTls: { timeout: connectTimeout, ...tlsOptions },
    proxyTls: { timeout: connectTimeout, ...tlsOptions },
    connectTimeout,
    ...timeouts,
    connections: options.connections ?? 16,
  };
}

/**
 * The proxy resolver of the settings, the environment and (in the app) the system, in that
 * precedence (see proxy-source.ts). Build it once and hand it to the dispatcher and the direct
 * route alike, so a PAC file is fetched once and its answers cached once.
 */
export function proxyResolverOf(options: DispatcherOptions = {}): ProxyResolver {
  return options.resolver ?? resolverOfNetwork(options, networkOf(options));
}

function resolverOfNetwork(options: DispatcherOptions, network: Network): ProxyResolver {
  return resolverOfSource(network.source, {
    noProxy: network.noProxy,
    agent: agentOptionsOf(options, network.ca),
    ...(options.systemProxy ? { system: options.systemProxy } : {}),
  });
}

/**
 * The one undici dispatcher of the app: keep-alive pooling, connect and idle timeouts, each
 * request routed straight or through the proxy its URL resolves to (settings, PAC file,
 * HTTPS_PROXY/NO_PROXY, or the system's in the app), and the extra CAs. The transfer engine
 * uses it too for pre-signed URLs (without any Authorization header). With `chromiumRequest`,
 * a proxy that wants the user's sign-in gets its requests through Chromium instead.
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const network = networkOf(options);
  const port = options.chromiumRequest;
  const { proxySignIn } = options;
  return new RoutingDispatcher({
    resolver: options.resolver ?? resolverOfNetwork(options, network),
    agent: agentOptionsOf(options, network.ca),
    ...(options.proxyAuth ? { auth: options.proxyAuth } : {}),
    // The same idle timeouts as undici's agents; Chromium keeps its own connect timeout.
    ...(port
      ? {
          chromium: (proxy: string) =>
            new PortDispatcher({
              port,
              proxy,
              headersTimeoutMs: options.headersTimeoutMs ?? 60_000,
              bodyTimeoutMs: options.bodyTimeoutMs ?? 60_000,
              ...(proxySignIn ? { signInFor: (through) => proxySignIn.forRequest(through) } : {}),
            }),
        }
      : {}),
  });
}
