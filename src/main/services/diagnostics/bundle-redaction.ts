import { AppError } from '../../../shared/errors';
import { MIN_SECRET_LENGTH, redactText } from '../log/redact';

/*
 * Everything a diagnostics bundle holds passes through here before it is zipped: the log's
 * redaction (registered secrets, Authorization and Bearer values, pre-signed signatures),
 * then rules of its own that are wider than a log line's, since a bundle leaves the machine:
 * any `sig=`/`token=`/`password=` value wherever it stands, user names and passwords in URLs,
 * quoted secret-named JSON fields, and long strings shaped like API keys. Last, a check that
 * refuses the bundle if any of it survived.
 */

const REDACTED = '[redacted]';

/** Names whose value after `=` is a credential, wherever they stand (not only in a query). */
const SECRET_PARAMS =
  'sig|signature|x-amz-signature|x-amz-security-token|x-amz-credential|x-goog-signature|x-goog-credential|token|access_token|refresh_token|id_token|api[-_]?key|password|passwd|pwd|secret|client_secret';

/** A field whose string value is secret whatever it holds (as the log's redaction has it). */
const SECRET_FIELD =
  /pass(word)?|secret|token|api[-_]?key|authorization|cookie|credential|signature/i;

/** A JSON field whose name says secret (`"apiKey": "..."`). */
const SECRET_JSON_KEY = String.raw`"([A-Za-z_-]*(?:pass(?:word)?|secret|token|api[-_]?key|authorization|cookie|credential|signature)[A-Za-z_-]*)"\s*:\s*"`;

const BUNDLE_RULES: readonly (readonly [RegExp, string])[] = [
  // user:pass@ in any URL (a proxy URL, a base URL typed with credentials).
  [/([a-z][a-z0-9+.-]*:\/\/)[^/@\s"'[\]]+@/gi, `$1${REDACTED}@`],
  [
    new RegExp(String.raw`\b(${SECRET_PARAMS})=(?!\[redacted\])[^&\s"'#,;<>]+`, 'gi'),
    `$1=${REDACTED}`,
  ],
  [new RegExp(`${SECRET_JSON_KEY}(?!\\[redacted\\]")[^"]*"`, 'gi'), `"$1": "${REDACTED}"`],
  [
    /(\b(?:authorization|proxy-authorization|x-amz-signature|x-api-key)["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Negotiate|NTLM|Digest)\s+)?)(?!\[redacted\])[^"'\s,;}]+/gi,
    `$1${REDACTED}`,
  ],
  // Long strings with small letters, capitals and digits: API keys, JWT parts, base64 secrets.
  [
    /(?<![A-Za-z0-9_+-])(?=[A-Za-z0-9_+-]*[0-9])(?=[A-Za-z0-9_+-]*[A-Z])(?=[A-Za-z0-9_+-]*[a-z])[A-Za-z0-9_+-]{32,}={0,2}/g,
    REDACTED,
  ],
];

/** What must never be left in a bundle: a credential value after its name. */
const FORBIDDEN = [
  new RegExp(String.raw`\b(?:${SECRET_PARAMS})=(?!\[redacted\])[^&\s"'#,;<>]`, 'i'),
  /\b(?:authorization|x-amz-signature)["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic)\s+)?(?!\[redacted\])[^"'\s,;}[]/i,
  /[a-z][a-z0-9+.-]*:\/\/(?!\[redacted\]@)[^/@\s"'[\]]+@/i,
];

/** The redaction of one bundle: the secrets it learned of, and its rules. */
export class BundleRedactor {
  readonly #secrets = new Set<string>();

  /** A value that must not appear in the bundle (a stored key, a password from the environment). */
  addSecret(secret: string): void {
    if (secret.length >= MIN_SECRET_LENGTH) this.#secrets.add(secret);
  }

  /** `text` with every known secret and every secret pattern replaced by `[redacted]`. */
  scrub(text: string): string {
    let out = redactText(text, this.#secrets);
    for (const [pattern, replacement] of BUNDLE_RULES) out = out.replace(pattern, replacement);
    return out;
  }

  /**
   * A bundle entry's data with {@link scrub} applied to every string, and every string under a
   * secret-named field replaced whole: run before the data becomes JSON, so a string that
   * itself holds JSON (a logged request body) is read with its own quotes, not escaped ones.
   */
  scrubValue(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((item) => this.scrubValue(item));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === 'string' && SECRET_FIELD.test(key) ? REDACTED : this.scrubValue(item),
      ]),
    );
  }

  /**
   * Refuses an entry that still holds a known secret or a credential value after
   * {@link scrub}: the bundle is then not written at all.
   */
  assertClean(entry: string, text: string): void {
    const leaked =
      [...this.#secrets].some((secret) => text.includes(secret)) ||
      FORBIDDEN.some((pattern) => pattern.test(text));
    if (!leaked) return;
    throw new AppError({
      code: 'INTERNAL',
      message: `Could not write the diagnostics bundle: its ${entry} still held a credential after redaction, so nothing was written. Report this to support without the bundle.`,
    });
  }
}
