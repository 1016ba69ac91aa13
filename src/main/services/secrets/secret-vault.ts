import { AppError, isAppError } from '../../../shared/errors';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import { silentLogger, type Logger } from '../log/logger';
import { decodeStoredEntry, encodeBoundSecret } from './secret-binding';
import { MemorySecretStore, type SecretStore } from './secret-store';

/**
 * The kinds of secret a profile keeps; each is one keychain account. Tokens are not among
 * them: access and refresh tokens live in the memory of a sign-in only.
 */
const PROFILE_SECRET_KINDS = ['apiKey', 'password'] as const;
export type ProfileSecretKind = (typeof PROFILE_SECRET_KINDS)[number];

/**
 * The keychain account kind of a profile's team monitor token. Kept apart from the service's
 * secrets: it is bound to the team monitor's origin, not the service's, so pointing the profile
 * at another service does not discard it, and a moved team monitor URL discards only it.
 */
const TEAM_MONITOR_TOKEN = 'teamMonitorToken';

/** What a stored secret is looked up for: the profile's id and sign-in kind. */
export type SecretOwner = Pick<Profile, 'id' | 'auth'>;

/** What {@link SecretVault.getProfileSecret} found. */
export type StoredSecretLookup =
  | { readonly status: 'none' }
  | { readonly status: 'found'; readonly secret: ProfileSecretInput }
  /**
   * There was one, but not for this origin: it has been deleted. `storedFor` is where it was
   * given for, absent for an entry of an earlier version that recorded no origin (never sent).
   */
  | { readonly status: 'discarded'; readonly storedFor?: string };

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
 * that it is redacted from any line that might quote it. Each secret is stored with the origin
 * it was given for and handed out only for that origin, so a profile pointed elsewhere (by a
 * typo, or by a compromised page through `profiles:update`) cannot carry it there.
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

  /**
   * The stored secret for a profile's auth kind, as the connect form would give it, when it
   * was stored for `origin` (where the connection will send it: `profileOrigin` of its target).
   * An entry bound to another origin, or an earlier version's entry that recorded no origin,
   * is deleted with every other secret of the profile and answered as `discarded`: the caller
   * asks the user again and sends nothing.
   */
  async getProfileSecret(profile: SecretOwner, origin: string): Promise<StoredSecretLookup> {
    const kind = secretKindOf(profile.auth.kind);
    const raw = await this.#guard(() => this.#store.get(account(profile.id, kind)));
    if (raw === undefined) return { status: 'none' };
    const entry = decodeStoredEntry(raw);
    // Registered before any decision, so a line quoting the entry is redacted either way.
    this.#logger.addSecret?.(entry.secret);
    if (entry.kind === 'bound' && entry.origin === origin) {
      return { status: 'found', secret: secretInput(kind, entry.secret) };
    }
    await this.forgetProfile(profile.id);
    this.#logger.warn('A stored secret was not for where its profile points; it was deleted', {
      profileId: profile.id,
      origin,
      ...(entry.kind === 'bound' ? { storedFor: entry.origin } : { storedFor: 'unrecorded' }),
    });
    return {
      status: 'discarded',
      ...(entry.kind === 'bound' ? { storedFor: entry.origin } : {}),
    };
  }

  /** Stores the secret a user typed for a profile, bound to `origin` (where it was sent). */
  async setProfileSecret(
    profileId: string,
    secret: ProfileSecretInput,
    origin: string,
  ): Promise<void> {
    if ('apiKey' in secret) await this.#set(profileId, 'apiKey', secret.apiKey, origin);
    else await this.#set(profileId, 'password', secret.password, origin);
  }

  /**
   * Removes every secret of a profile (deleted, pointed elsewhere, or the user says forget);
   * true when there was one.
   */
  async forgetProfile(profileId: string): Promise<boolean> {
    let hadOne = false;
    for (const kind of PROFILE_SECRET_KINDS) {
      if (await this.#guard(() => this.#store.delete(account(profileId, kind)))) hadOne = true;
    }
    return hadOne;
  }

  /**
   * The team monitor bearer token of a profile, when it was stored for `origin` (the team
   * monitor URL's origin, where it will be sent). One stored for another origin is deleted and
   * answered as none, so a token never follows an edited URL to another host.
   */
  async getTeamMonitorToken(profileId: string, origin: string): Promise<string | undefined> {
    const raw = await this.#guard(() => this.#store.get(account(profileId, TEAM_MONITOR_TOKEN)));
    if (raw === undefined) return undefined;
    const entry = decodeStoredEntry(raw);
    this.#logger.addSecret?.(entry.secret);
    if (entry.kind === 'bound' && entry.origin === origin) return entry.secret;
    await this.forgetTeamMonitorToken(profileId);
    this.#logger.warn('A stored team monitor token was not for its URL; it was deleted', {
      profileId,
      origin,
    });
    return undefined;
  }

  /** Stores the team monitor bearer token a user typed, bound to the team monitor's origin. */
  async setTeamMonitorToken(profileId: string, token: string, origin: string): Promise<void> {
    await this.#set(profileId, TEAM_MONITOR_TOKEN, token, origin);
  }

  /** Removes a profile's team monitor token; true when there was one. */
  async forgetTeamMonitorToken(profileId: string): Promise<boolean> {
    return this.#guard(() => this.#store.delete(account(profileId, TEAM_MONITOR_TOKEN)));
  }

  /**
   * Which secrets are stored for a profile (its API key or password, its team monitor token),
   * for a diagnostics bundle that says whether one is there. The values go to `onSecret`
   * only, so the caller can keep them out of what it writes; nothing is deleted or checked.
   */
  async storedSecretKinds(
    profileId: string,
    onSecret: (secret: string) => void,
  ): Promise<(ProfileSecretKind | typeof TEAM_MONITOR_TOKEN)[]> {
    const kinds: (ProfileSecretKind | typeof TEAM_MONITOR_TOKEN)[] = [];
    for (const kind of [...PROFILE_SECRET_KINDS, TEAM_MONITOR_TOKEN] as const) {
      const raw = await this.#guard(() => this.#store.get(account(profileId, kind)));
      if (raw === undefined) continue;
      onSecret(raw);
      onSecret(decodeStoredEntry(raw).secret);
      kinds.push(kind);
    }
    return kinds;
  }

  async #set(
    profileId: string,
    kind: ProfileSecretKind | typeof TEAM_MONITOR_TOKEN,
    secret: string,
    origin: string,
  ): Promise<void> {
    this.#logger.addSecret?.(secret);
    const entry = encodeBoundSecret(secret, origin);
    await this.#guard(() => this.#store.set(account(profileId, kind), entry));
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

function secretKindOf(authKind: Profile['auth']['kind']): ProfileSecretKind {
  return authKind === 'apiKey' ? 'apiKey' : 'password';
}

function secretInput(kind: ProfileSecretKind, secret: string): ProfileSecretInput {
  return kind === 'apiKey' ? { apiKey: secret } : { password: secret };
}

/** The keychain account of a profile's secret: `<profileId>:<kind>`. */
function account(profileId: string, kind: ProfileSecretKind | typeof TEAM_MONITOR_TOKEN): string {
  return `${profileId}:${kind}`;
}

/** The `KEYCHAIN_UNAVAILABLE` error, with what the user can do. */
function keychainUnavailable(cause?: unknown): AppError {
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
