import type { FixedProxies } from './proxy-resolvers';

/*
 * Where the proxy of the app, the command line and monitor serve comes from, first match
 * wins: a proxy URL the user (or the organisation) set, then a PAC URL they set, then the
 * environment's HTTPS_PROXY/HTTP_PROXY (with NO_PROXY), then, in the app only, the system's
 * configuration as Chromium reads it (OS settings, WPAD, the system's PAC), else direct.
 */

/** The one source of proxy choices in force. */
export type ProxySource =
  | { readonly kind: 'setting'; readonly proxyUrl: string }
  | { readonly kind: 'pac'; readonly pacUrl: string }
  | { readonly kind: 'environment'; readonly proxies: FixedProxies }
  | { readonly kind: 'system' }
  | { readonly kind: 'direct' };

/** What {@link proxySourceOf} chooses from. */
export interface ProxyInputs {
  /** The proxyUrl setting or --proxy. */
  readonly proxyUrl?: string | undefined;
  /** The proxyPacUrl setting or --proxy-pac. */
  readonly pacUrl?: string | undefined;
  /** The environment's proxies (empty strings for none). */
  readonly environment: FixedProxies;
  /** True in the app, where Electron's session can resolve the system's proxy. */
  readonly hasSystem: boolean;
}

/** The source in force for the given inputs (see the precedence above). */
export function proxySourceOf(inputs: ProxyInputs): ProxySource {
  if (inputs.proxyUrl) return { kind: 'setting', proxyUrl: inputs.proxyUrl };
  if (inputs.pacUrl) return { kind: 'pac', pacUrl: inputs.pacUrl };
  const { environment } = inputs;
  if (environment.httpProxy !== '' || environment.httpsProxy !== '') {
    return { kind: 'environment', proxies: environment };
  }
  return inputs.hasSystem ? { kind: 'system' } : { kind: 'direct' };
}
