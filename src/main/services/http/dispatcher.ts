import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { Client, EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../log/logger';

/** Options of {@link createDispatcher}. */
export interface DispatcherOptions {
  /** A proxy URL from the app's settings; wins over the environment. */
  readonly proxyUrl?: string;
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

/** The proxies and CAs the app's network options and environment give. */
export interface Network {
  readonly ca?: string[];
  readonly httpProxy: string;
  readonly httpsProxy: string;
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
  return {
    ...(ca ? { ca } : {}),
    httpProxy: options.proxyUrl ?? fromEnv('http_proxy'),
    httpsProxy: options.proxyUrl ?? (fromEnv('https_proxy') || fromEnv('http_proxy')),
    noProxy: fromEnv('no_proxy'),
  };
}

/**
 * The one undici dispatcher of the app: keep-alive pooling, connect and idle timeouts, the
 * proxy from the settings or from HTTPS_PROXY/HTTP_PROXY/NO_PROXY, and the extra CAs. The
 * transfer engine uses it too for pre-signed URLs (without any Authorization header).
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const { ca, httpProxy, httpsProxy, noProxy } = networkOf(options);
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
  return new EnvHttpProxyAgent({
    factory,
    clientFactory: factory,
    httpProxy,
    httpsProxy,
    noProxy,
    connect: { timeout: connectTimeout, ...tlsOptions },
    requestTls: { timeout: connectTimeout, ...tlsOptions },
    proxyTls: { timeout: connectTimeout, ...tlsOptions },
    connectTimeout,
    ...timeouts,
    connections: options.connections ?? 16,
  });
}
