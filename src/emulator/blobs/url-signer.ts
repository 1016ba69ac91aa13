import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Options of {@link UrlSigner}. */
export interface UrlSignerOptions {
  /** Lifetime of a URL in seconds. */
  ttlSec: number;
  /** Clock in epoch milliseconds. */
  now: () => number;
  /** HMAC key; a fresh random one per process by default (URLs die with the emulator). */
  secret?: Buffer;
}

/** What {@link UrlSigner.verify} found. */
export type UrlVerdict = 'ok' | 'expired' | 'bad-signature';

/** A signed URL's query: `expires` (epoch seconds) and `sig` (hex HMAC). */
export interface SignedQuery {
  expires: number;
  sig: string;
}

/**
 * Signs and checks the pre-signed blob URLs: HMAC-SHA256 over method, path and expiry, like an
 * object store's query-string authentication. No `Authorization` header is involved: whoever
 * holds the URL may use it until it expires, and only for that method and path.
 */
export class UrlSigner {
  readonly #ttlSec: number;
  readonly #now: () => number;
  readonly #secret: Buffer;
  /** Largest `expires` handed out so far. */
  #lastIssued = 0;
  /** URLs expiring at or before this (epoch seconds) count as expired: see expireUrls(). */
  #floor = 0;

  constructor(options: UrlSignerOptions) {
    this.#ttlSec = options.ttlSec;
    this.#now = options.now;
    this.#secret = options.secret ?? randomBytes(32);
  }

  /** Signs `method` + `path` (the raw, encoded URL path) for the configured lifetime. */
  sign(method: string, path: string): SignedQuery {
    const byClock = Math.ceil(this.#now() / 1000) + this.#ttlSec;
    // After expireUrls() a new URL must outlive the floor, even within the same second.
    const expires = Math.max(byClock, this.#floor + 1);
    this.#lastIssued = Math.max(this.#lastIssued, expires);
    return { expires, sig: this.#mac(method, path, expires) };
  }

  /** `?expires=...&sig=...` for `method` + `path`. */
  query(method: string, path: string): string {
    const { expires, sig } = this.sign(method, path);
    return `expires=${expires}&sig=${sig}`;
  }

  /**
   * Checks a URL's signature first (so a forged expiry reads as tampering), then its expiry.
   * `expires` and `sig` are the raw query values, possibly missing.
   */
  verify(
    method: string,
    path: string,
    expires: string | null | undefined,
    sig: string | null | undefined,
  ): UrlVerdict {
    if (!expires || !sig || !/^\d{1,15}$/.test(expires) || !/^[0-9a-f]{64}$/i.test(sig)) {
      return 'bad-signature';
    }
    const expected = Buffer.from(this.#mac(method, path, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'bad-signature';
    const expiresSec = Number(expires);
    if (expiresSec <= this.#floor || expiresSec * 1000 <= this.#now()) return 'expired';
    return 'ok';
  }

  /** Every URL issued so far is expired from now on; URLs issued later are not affected. */
  expireAll(): void {
    this.#floor = Math.max(this.#floor, this.#lastIssued);
  }

  #mac(method: string, path: string, expires: number): string {
    return createHmac('sha256', this.#secret)
      .update(`${method.toUpperCase()}\n${path}\n${expires}`)
      .digest('hex');
  }
}
