/*
 * Redaction of secrets from log text and log fields. Secrets must never reach a log line
 * (architecture.md, "Where state lives"), so every line passes through here on its way to a
 * sink: values the app registered as secret, Authorization/Bearer values, and the signature
 * of pre-signed URLs (whoever holds one can read or write the file until it expires).
 */

/** What a redacted value is replaced with. */
const REDACTED = '[redacted]';

/** Field names whose string values are always secret, whatever they hold. */
const SECRET_FIELD = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|credential/i;

/** True when a field of this name holds a secret (a log redacts it; the CLI has no flag for it). */
export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/**
 * A credential after an HTTP scheme word: 8 or more characters of the token alphabet with a
 * digit, one of its symbols, or a capital after a small letter in them, as API keys, JWTs and
 * base64 have. Redaction goes by the value, not by the word before it, so prose keeps its words
 * ("it needs a bearer token"); a registered secret is redacted wherever it appears anyway.
 */
const CREDENTIAL = String.raw`(?=[A-Za-z0-9\-._~+/]*(?:[0-9\-._~+/]|[a-z][A-Z]))[A-Za-z0-9\-._~+/]{8,}=*`;

const TEXT_RULES: readonly (readonly [RegExp, string])[] = [
  [
    new RegExp(String.raw`\b([Bb]earer|BEARER|[Bb]asic|BASIC)\s+${CREDENTIAL}`, 'g'),
    `$1 ${REDACTED}`,
  ],
  [/(authorization["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b)[^"'\s,;}]+/gi, `$1${REDACTED}`],
  [
    /([?&](?:sig|signature|x-amz-signature|x-amz-security-token|x-amz-credential|x-goog-signature|x-goog-credential)=)[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
];

/** Registered secrets are this long at least; shorter ones would blank ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/** Redacts registered secrets and the patterns above from one string. */
export function redactText(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Redacts a log field value: strings as text, secret-named fields entirely, Errors by their
 * name, code and message (never their stack, which may quote a request), and plain objects
 * and arrays recursively, up to a small depth.
 */
export function redactValue(value: unknown, secrets: Iterable<string>, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: redactText(value.message, secrets),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SECRET_FIELD.test(key) && item !== undefined && item !== null
        ? REDACTED
        : redactValue(item, secrets, depth + 1);
  }
  return out;
}
