import { AppError, isAppError } from '../../../shared/errors';
import type { ProfileSecretInput } from '../../../shared/model/profile';
import { silentLogger, type Logger } from '../log/logger';
import { MemorySecretStore, type SecretStore } from './secret-store';

/** The kinds of secret a profile keeps; each is one keychain account. */
export type ProfileSecretKind = 'apiKey' | 'password';

/** Options of {@link SecretVault}. */
export interface SecretVaultOptions {
  /** The OS keychain adapter (or a memory store in tests). */
  readonly store: SecretStore;
  readonly logger?: Logger;
}

/** Result of {@link SecretVault.probe}. */
export type KeychainProbe =
  { readonly ok: true } | { readonly ok: false; readonly error: AppError };

const PROBE_ACCOUNT = 'databridge-probe';

/**
 * The app's access to secrets. Wraps the keychain store: any failure of it becomes
 * `KEYCHAIN_UNAVAILABLE` with a message offering the session-only mode. That mode, switched
 * on by the user through {@link enableSessionOnly}, keeps secrets in memory for this run; it
 * never falls back to a file. Every secret read or written is registered with the logger so
 * that it is redacted from any line that might quote it.
 */
export class SecretVault {
  #store: SecretStore;
  #sessionOnly = false;
  readonly #logger: Logger;

  constructor(options: SecretVaultOptions) {
    this.#store = options.store;
    this.#logger = options.logger ?? silentLogger;
  }

  /** True once {@link enableSessionOnly} switched to memory. */
  get isSessionOnly(): boolean {
    return this.#sessionOnly;
  }

  /** Checks that the keychain answers, by reading a probe account. */
  async probe(): Promise<KeychainProbe> {
    try {
      await this.#guard(() => this.#store.get(PROBE_ACCOUNT));
      return { ok: true };
    } catch (error) {
      if (isAppError(error)) return { ok: false, error };
      throw error;
    }
  }

  /**
   * Keeps secrets in memory for the rest of this run, because the keychain does not work and
   * the user chose so. Secrets already in the keychain are not copied (they cannot be read).
   */
  enableSessionOnly(): void {
    if (this.isSessionOnly) return;
    this.#logger.warn('Keychain unavailable: secrets are kept in memory for this session only');
    this.#store = new MemorySecretStore();
    this.#sessionOnly = true;
  }

  /** The secret of `kind` stored for a profile, or undefined. */
  async get(profileId: string, kind: ProfileSecretKind): Promise<string | undefined> {
    const secret = await this.#guard(() => this.#store.get(account(profileId, kind)));
    if (secret !== undefined) this.#logger.addSecret?.(secret);
    return secret;
  }

  /** Stores the secret of `kind` for a profile. */
  async set(profileId: string, kind: ProfileSecretKind, secret: string): Promise<void> {
    this.#logger.addSecret?.(secret);
    await this.#guard(() => this.#store.set(account(profileId, kind), secret));
  }

  /** The stored secret for a profile's auth kind, as the connect form would give it. */
  async getProfileSecret(
    profileId: string,
    authKind: 'apiKey' | 'token',
  ): Promise<ProfileSecretInput | undefined> {
    if (authKind === 'apiKey') {
      const apiKey = await this.get(profileId, 'apiKey');
      return apiKey === undefined ? undefined : { apiKey };
    }
    const password = await this.get(profileId, 'password');
    return password === undefined ? undefined : { password };
  }

  /** Stores the secret a user typed for a profile. */
  async setProfileSecret(profileId: string, secret: ProfileSecretInput): Promise<void> {
    if ('apiKey' in secret) await this.set(profileId, 'apiKey', secret.apiKey);
    else await this.set(profileId, 'password', secret.password);
  }

  /** Removes every secret of a profile (when it is deleted, or the user says forget). */
  async forgetProfile(profileId: string): Promise<void> {
    for (const kind of ['apiKey', 'password'] as const) {
      await this.#guard(() => this.#store.delete(account(profileId, kind)));
    }
  }

  async #guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      // The keychain's own message (D-Bus, libsecret) goes to the log for support, not to the
      // user, who needs to know what to do instead.
      this.#logger.warn('Keychain call failed', { error });
      throw keychainUnavailable(error);
    }
  }
}

/** The keychain account of a profile's secret: `<profileId>:<kind>`. */
export function account(profileId: string, kind: ProfileSecretKind): string {
  return `${profileId}:${kind}`;
}

/** The `KEYCHAIN_UNAVAILABLE` error, with what the user can do. */
export function keychainUnavailable(cause?: unknown): AppError {
  return new AppError(
    {
      code: 'KEYCHAIN_UNAVAILABLE',
      message:
        'The system keychain is not available, so secrets cannot be stored safely. ' +
        'Keep them for this session only (they are forgotten when the app quits), or start a ' +
        'keychain service (such as GNOME Keyring or KWallet on Linux) and try again.',
    },
    { cause },
  );
}
