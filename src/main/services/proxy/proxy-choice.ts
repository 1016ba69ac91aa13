import { AppError } from '../../../shared/errors';

/*
 * What a proxy configuration answers for one URL. PAC files (FindProxyForURL) and Chromium's
 * `session.resolveProxy` answer in the same text form: a `;`-separated list such as
 * `PROXY proxy.corp:8080; DIRECT`, tried in order. Both are read here, by one function.
 */

/** How one request goes out: straight to its host, or through an HTTP(S) proxy. */
export type ProxyChoice =
  | { readonly kind: 'direct' }
  | {
      readonly kind: 'proxy';
      /** The proxy's origin, `http://host:port` or `https://host:port`. */
      readonly url: string;
    };

/** Going straight to the host. */
export const DIRECT: ProxyChoice = { kind: 'direct' };

/** One entry of a PAC answer as written, usable or not. */
export type PacEntry = ProxyChoice | { readonly kind: 'unsupported'; readonly text: string };

/** PAC keywords for an HTTP proxy (`HTTP` is Chromium's spelling), and the HTTPS one. */
const PROXY_SCHEMES: Readonly<Record<string, string>> = {
  PROXY: 'http',
  HTTP: 'http',
  HTTPS: 'https',
};

/** The entries of a PAC answer, in order; an empty answer means DIRECT (as browsers read it). */
export function parsePacAnswer(answer: string): PacEntry[] {
  const entries = answer
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (entries.length === 0) return [DIRECT];
  return entries.map(entryOf);
}

function entryOf(text: string): PacEntry {
  const [keyword = '', address = '', ...rest] = text.split(/\s+/);
  const upper = keyword.toUpperCase();
  if (upper === 'DIRECT' && address === '') return DIRECT;
  const scheme = PROXY_SCHEMES[upper];
  if (scheme === undefined || rest.length > 0 || !/^[^\s/@]+:\d{1,5}$/.test(address)) {
    return { kind: 'unsupported', text };
  }
  try {
    const url = new URL(`${scheme}://${address}`);
    return { kind: 'proxy', url: url.origin };
  } catch {
    return { kind: 'unsupported', text };
  }
}

/**
 * The first entry DataBridge can use. SOCKS entries are skipped (undici speaks HTTP proxies
 * only); an answer with nothing usable is an error naming what it held, since going direct
 * where the organisation asked for a proxy would fail later and less clearly.
 */
export function firstUsableChoice(answer: string, url: string): ProxyChoice {
  const entries = parsePacAnswer(answer);
  const usable = entries.find((entry): entry is ProxyChoice => entry.kind !== 'unsupported');
  if (usable) return usable;
  throw new AppError({
    code: 'NETWORK',
    message: `The proxy configuration answered "${answer.trim()}" for ${new URL(url).host}, and DataBridge can use none of it (only HTTP and HTTPS proxies, or DIRECT). Ask IT for an HTTP proxy or a bypass for this host.`,
  });
}

/** The choice in the PAC text form, for logs and diagnostics. */
export function describeChoice(choice: ProxyChoice): string {
  return choice.kind === 'direct' ? 'DIRECT' : `PROXY ${choice.url}`;
}
