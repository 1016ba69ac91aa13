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

/** What IT can do for a proxy DataBridge cannot answer. */
const ASK_IT =
  'Ask IT for a proxy that accepts Basic, or a bypass for the service and storage hosts (NO_PROXY, or DIRECT in the PAC file).';

/**
 * The error of a proxy that asks for a scheme DataBridge cannot answer where it runs: Negotiate
 * or NTLM without Chromium's network stack (the command line, monitor serve, the browser
 * harness), or one nobody here answers (Digest).
 */
export function unsupportedSchemeError(proxy: string, schemes: readonly string[]): AppError {
  const named = schemes.length > 0 ? schemes.map(titleCase).join(', ') : 'no scheme it names';
  const signIn = schemes.some((scheme) => scheme === 'negotiate' || scheme === 'ntlm');
  const why = signIn
    ? ". The DataBridge app answers these with your computer's sign-in; here DataBridge answers a proxy with Basic only."
    : '; DataBridge answers a proxy with Basic, and the app with Negotiate or NTLM too.';
  return new AppError({
    code: 'AUTH_REQUIRED',
    message: `The proxy ${proxy} asks for credentials with ${named}${why} ${ASK_IT}`,
  });
}

/**
 * The error of a proxy that refused the sign-in Chromium answered for the user (Negotiate or
 * NTLM), or that Chromium had none to give for and did not ask about (no Kerberos ticket).
 */
export function signInRefusedError(proxy: string, cause?: unknown): AppError {
  return new AppError(
    {
      code: 'AUTH_REQUIRED',
      message: `The proxy ${proxy} did not accept this computer's sign-in (Negotiate or NTLM). Check that you are signed in to the company's domain; on macOS and Linux, Negotiate needs a Kerberos ticket (kinit). Or ask IT for a bypass for the service and storage hosts (NO_PROXY, or DIRECT in the PAC file).`,
    },
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The error of a proxy that refused the user name and password it was given (Basic through
 * undici, or NTLM and Negotiate through Chromium): their keychain entry alone is removed by
 * then, so the next request asks anew instead of sending them again.
 */
export function credentialsRefusedError(proxy: string): AppError {
  return new AppError({
    code: 'AUTH_REQUIRED',
    message: `The proxy ${proxy} refused the user name and password (407). They were removed from the keychain, and nothing else; check them with IT, then try again to be asked anew.`,
  });
}

/** Chromium's errors of a proxy sign-in that failed or was not given (net_error_list.h). */
const SIGN_IN_FAILURE =
  /^net::ERR_(PROXY_AUTH_[A-Z_]+|UNEXPECTED_PROXY_AUTH|MISCONFIGURED_AUTH_ENVIRONMENT|UNSUPPORTED_AUTH_SCHEME|INVALID_AUTH_CREDENTIALS|MISSING_AUTH_CREDENTIALS)$/;

/** True for Chromium's error of a proxy whose sign-in failed. */
export function isSignInFailure(error: unknown): boolean {
  return error instanceof Error && SIGN_IN_FAILURE.test(error.message.trim());
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
