import { z } from 'zod';
import type { ProfileTarget } from '../../../shared/model/profile';
import { serviceEndpoints } from '../config/regions';

/*
 * A stored secret is bound to the origin (scheme, host, port) it was given for. The binding
 * travels with the secret in the same keychain entry, so one write stores both and no state
 * can exist where the secret is there but its origin is not.
 */

/**
 * The origin a profile's requests go to: the region's service host, or the custom base URL's
 * scheme, host and port. The token service lives on the same origin, so one origin covers
 * every request that carries the secret. WHATWG URL normalisation makes equal origins equal
 * strings (case, default port, IDN).
 */
export function profileOrigin(target: ProfileTarget): string {
  return new URL(serviceEndpoints(target).baseUrl).origin;
}

/** The keychain entry's form: the secret and where it may be sent. */
const BoundSecretSchema = z.strictObject({
  v: z.literal(1),
  origin: z.string().min(1),
  secret: z.string().min(1),
});

/** What a keychain entry holds once read. */
export type StoredEntry =
  | { readonly kind: 'bound'; readonly origin: string; readonly secret: string }
  /**
   * Written by an earlier version, before secrets carried their origin. Nothing says where it
   * was given for (a profile's times do not: a hand edit or another tool can move the target
   * without touching them), so it is never sent: the vault deletes it and the user is asked.
   */
  | { readonly kind: 'unbound'; readonly secret: string };

/** The keychain entry of `secret` given for `origin`. */
export function encodeBoundSecret(secret: string, origin: string): string {
  return JSON.stringify({ v: 1, origin, secret } satisfies z.infer<typeof BoundSecretSchema>);
}

/** Reads a keychain entry; anything that is not an envelope is an earlier version's raw secret. */
export function decodeStoredEntry(raw: string): StoredEntry {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'unbound', secret: raw };
  }
  const parsed = BoundSecretSchema.safeParse(json);
  if (!parsed.success) return { kind: 'unbound', secret: raw };
  return { kind: 'bound', origin: parsed.data.origin, secret: parsed.data.secret };
}
