import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** What a token of the emulator carries (a JWT payload, HS256-signed). */
export interface TokenClaims {
  /** User name. */
  readonly sub: string;
  readonly tenant: string;
  readonly role: string;
  readonly typ: 'access' | 'id' | 'refresh';
  /** Issue and expiry times, epoch seconds as in JWTs. */
  readonly iat: number;
  readonly exp: number;
  /** Unique id; refresh rotation remembers which ones are still unused. */
  readonly jti: string;
  /** Token generation: `expireTokens()` moves it on, which expires every earlier token. */
  readonly gen: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Signs and checks tokens. They are real JWTs (so a client that decodes the ID token finds
 * the user), signed with a key made per emulator run: a token of one run means nothing to
 * the next.
 */
export class TokenSigner {
  readonly #key = randomBytes(32);

  #sign(data: string): Buffer {
    return createHmac('sha256', this.#key).update(data).digest();
  }

  /** A signed token with a fresh `jti`. */
  issue(claims: Omit<TokenClaims, 'jti'>): { token: string; claims: TokenClaims } {
    const full: TokenClaims = { ...claims, jti: randomUUID() };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`;
    return { token: `${body}.${this.#sign(body).toString('base64url')}`, claims: full };
  }

  /** The claims of a token this signer made, or undefined for anything else. */
  verify(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header = '', payload = '', signature = ''] = parts;
    const expected = this.#sign(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      return undefined;
    }
  }
}
