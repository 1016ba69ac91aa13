import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { decodeStoredEntry, encodeBoundSecret } from '../secrets/secret-binding';
import type { SecretStore } from '../secrets/secret-store';

/*
 * A proxy's user name and password, kept in the keychain like every secret: one entry per
 * proxy origin, bound to that origin, so they are only ever sent to the proxy they were given
 * for. Never written elsewhere, never logged.
 */

/** A user name and password for a proxy's Basic authentication. */
export interface ProxyCredentials {
  readonly user: string;
  readonly password: string;
}

const CredentialsSchema = z.strictObject({
  user: z.string().min(1).max(512),
  password: z.string().max(1024),
});

/** What was given from outside (a prompt, the environment, the app's dialog), checked. */
export function checkedCredentials(given: unknown, proxy: string): ProxyCredentials {
  const parsed = CredentialsSchema.safeParse(given);
  if (!parsed.success || /:/.test(parsed.data.user)) {
    throw new AppError({
      code: 'VALIDATION',
      message: `The user name given for the proxy ${proxy} is empty, too long or holds a colon, which Basic cannot carry. Give the user name IT gave you.`,
    });
  }
  return parsed.data;
}

/** The Proxy-Authorization value of Basic credentials. */
export function basicToken(credentials: ProxyCredentials): string {
  const pair = `${credentials.user}:${credentials.password}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** The keychain entry name of a proxy origin's credentials. */
function accountOf(proxy: string): string {
  return `proxy:${proxy}`;
}

/** The proxies' credentials in the keychain (or the memory store of tests and session-only mode). */
export class ProxyCredentialStore {
  readonly #store: SecretStore;

  constructor(store: SecretStore) {
    this.#store = store;
  }

  /** The credentials stored for `proxy`, if any bound to exactly that origin. */
  async get(proxy: string): Promise<ProxyCredentials | undefined> {
    const raw = await this.#store.get(accountOf(proxy));
    if (raw === undefined) return undefined;
    const entry = decodeStoredEntry(raw);
    if (entry.kind !== 'bound' || entry.origin !== proxy) return undefined;
    try {
      return CredentialsSchema.parse(JSON.parse(entry.secret));
    } catch {
      return undefined;
    }
  }

  async set(proxy: string, credentials: ProxyCredentials): Promise<void> {
    await this.#store.set(accountOf(proxy), encodeBoundSecret(JSON.stringify(credentials), proxy));
  }

  /** Forgets the credentials of `proxy` only. */
  async delete(proxy: string): Promise<void> {
    await this.#store.delete(accountOf(proxy));
  }
}
