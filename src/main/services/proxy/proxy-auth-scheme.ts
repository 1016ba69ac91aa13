import { Client } from 'undici';
import { AppError } from '../../../shared/errors';

/*
 * What a proxy that answers 407 wants. undici turns a proxy's 407 into an error without its
 * headers, so the scheme is learnt by asking the proxy once more, a bare CONNECT, and reading
 * its Proxy-Authenticate header.
 */

/** True for undici's error of a proxy that answered 407 (tunnel or forwarded request). */
export function isProxyAuthRequired(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^Proxy response \(407\)|^Proxy Authentication Required \(407\)/.test(message);
}

/** The schemes of Proxy-Authenticate header values (`Basic realm="x"`, `Negotiate`), lower-cased. */
export function authSchemes(header: string | string[] | undefined): string[] {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  // A challenge is a scheme token, then parameters (`realm="x"`, `charset=UTF-8`) or a blob:
  // a token at the start or after a comma that is not a parameter's name is a scheme.
  const scheme = /(?:^|,)\s*([A-Za-z][\w-]*)(?=\s+[^=\s,]|\s*(?:,|$))/g;
  return values.flatMap((value) =>
    [...value.matchAll(scheme)].map((match) => (match[1] ?? '').toLowerCase()),
  );
}

/** The error of a proxy that asks for a scheme other than Basic (Negotiate, NTLM, Digest). */
export function unsupportedSchemeError(proxy: string, schemes: readonly string[]): AppError {
  const named = schemes.length > 0 ? schemes.map(titleCase).join(', ') : 'no scheme it names';
  return new AppError({
    code: 'AUTH_REQUIRED',
    message: `The proxy ${proxy} asks for credentials with ${named}; DataBridge answers a proxy with Basic only. Ask IT for a proxy that accepts Basic, or a bypass for the service and storage hosts (NO_PROXY, or DIRECT in the PAC file).`,
  });
}

function titleCase(scheme: string): string {
  return scheme === 'ntlm' ? 'NTLM' : scheme.charAt(0).toUpperCase() + scheme.slice(1);
}

/** Options of {@link probeProxyAuth}: how to reach the proxy. */
export interface ProxyProbe {
  /** The proxy's origin. */
  readonly proxy: string;
  /** The `host:port` the refused request was going to. */
  readonly target: string;
  /** TLS options towards an `https:` proxy (the app's CAs), and the connect timeout. */
  readonly connect?: { ca?: string[]; timeout?: number };
}

/**
 * Asks the proxy for a tunnel without credentials and answers the schemes of its 407
 * (empty when it did not answer 407 this time).
 */
export async function probeProxyAuth(probe: ProxyProbe): Promise<string[]> {
  const client = new Client(probe.proxy, probe.connect ? { connect: probe.connect } : {});
  try {
    const answer = await client.connect({ path: probe.target, headers: { host: probe.target } });
    answer.socket.destroy();
    return answer.statusCode === 407 ? authSchemes(answer.headers['proxy-authenticate']) : [];
  } finally {
    await client.destroy();
  }
}
