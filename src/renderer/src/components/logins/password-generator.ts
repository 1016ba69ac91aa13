import { MAX_LOGIN_PASSWORD_LENGTH } from '@shared/contract/records/logins';

/*
 * Passwords for new logins and password changes. SQL Server's policy wants at least eight
 * characters from three of four classes; we always use all four. Characters that break
 * connection strings or shells when pasted (`;`, quotes, braces, `=`, backslash, space) and
 * look-alikes (0/O, 1/l/I) are left out, so a generated password survives being copied around.
 */

const CLASSES = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!#$%*+-.:?@^_~',
] as const;

/** Default length of a generated password. */
export const DEFAULT_PASSWORD_LENGTH = 24;

/** Fills a buffer with random bytes (crypto.getRandomValues, injectable for tests). */
export type RandomFill = (bytes: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A uniform index below `bound`: rejection sampling, so no character is favoured. */
function randomIndex(bound: number, fill: RandomFill): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    const [value = 0] = fill(buffer);
    if (value < limit) return value % bound;
  }
}

/**
 * A random password of `length` characters (8 to the service's maximum) with at least one
 * upper-case letter, lower-case letter, digit and symbol, drawn with crypto.getRandomValues.
 */
export function generatePassword(
  length: number = DEFAULT_PASSWORD_LENGTH,
  fill: RandomFill = cryptoFill,
): string {
  if (!Number.isInteger(length) || length < 8 || length > MAX_LOGIN_PASSWORD_LENGTH) {
    throw new RangeError(`A password must be 8 to ${MAX_LOGIN_PASSWORD_LENGTH} characters long`);
  }
  const all = CLASSES.join('');
  const chars = CLASSES.map((set) => set.charAt(randomIndex(set.length, fill)));
  while (chars.length < length) chars.push(all.charAt(randomIndex(all.length, fill)));
  // Fisher-Yates, so the guaranteed characters are not always at the front.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1, fill);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
