import type { ProxyChoice } from './proxy-choice';

/*
 * Which network stack answers a proxy that asks for credentials. undici answers Basic (from
 * the keychain, else asked). Negotiate and NTLM want the user's own sign-in (Windows SSPI,
 * a Kerberos ticket), which only the system's network stack holds: in the app that is
 * Chromium's, reached through Electron's `net.request`; the command line has none.
 */

/** How a proxy's 407 is answered. */
export type RefusalAnswer =
  /** With a user name and password, by undici. */
  | 'basic'
  /** By Chromium, with the user's sign-in: this proxy's requests go through it from now on. */
  | 'chromium'
  /** Not at all: the request fails with an error saying what to do. */
  | 'unsupported';

/** The schemes Chromium answers with the user's sign-in, without asking for a password. */
const SIGN_IN_SCHEMES: ReadonlySet<string> = new Set(['negotiate', 'ntlm']);

/**
 * The answer to a proxy that refused with `schemes` (lower-case, as `authSchemes` reads them).
 * Basic wins where the proxy offers it, so a proxy that takes both keeps today's answer;
 * Negotiate or NTLM alone go to Chromium where the app has it; anything else (Digest, none
 * named) cannot be answered.
 */
export function refusalAnswerOf(schemes: readonly string[], hasChromium: boolean): RefusalAnswer {
  if (schemes.includes('basic')) return 'basic';
  if (hasChromium && schemes.some((scheme) => SIGN_IN_SCHEMES.has(scheme))) return 'chromium';
  return 'unsupported';
}

/** How one request goes out. */
export type RequestRoute =
  | { readonly kind: 'direct' }
  /** Through the proxy, with undici. */
  | { readonly kind: 'proxy'; readonly proxy: string }
  /** Through the proxy, with Chromium: that proxy asked for a sign-in only Chromium gives. */
  | { readonly kind: 'chromium'; readonly proxy: string };

/**
 * The route of a request whose URL the resolver answered with `choice`: the proxies handed to
 * Chromium stay there for the app's life (a proxy that wants Negotiate today wants it again
 * in a minute), the rest go through undici as before.
 */
export function requestRouteOf(
  choice: ProxyChoice,
  handedOver: { has(proxy: string): boolean },
): RequestRoute {
  if (choice.kind === 'direct') return { kind: 'direct' };
  return handedOver.has(choice.url)
    ? { kind: 'chromium', proxy: choice.url }
    : { kind: 'proxy', proxy: choice.url };
}
