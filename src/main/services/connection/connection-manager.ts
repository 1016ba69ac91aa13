import type { Dispatcher } from 'undici';
import { AppError, isAppError } from '../../../shared/errors';
import type { ConnectionTestResult } from '../../../shared/ipc/profile-channels';
import {
  ProfileInputSchema,
  type Profile,
  type ProfileInput,
  type ProfileSecretInput,
} from '../../../shared/model/profile';
import type { SignInState } from '../../../shared/model/session-state';
import type { Policy } from '../../../shared/model/policy';
import type { ConnectionAudit } from '../audit/call-auditor';
import { ApiKeyAuth } from '../auth/api-key-auth';
import { TokenAuth } from '../auth/token-auth';
import { Emitter, type Subscription } from '../common/emitter';
import type { RetryPolicy } from '../common/retry-policy';
import { serviceEndpoints, type ServiceEndpoints } from '../config/regions';
import type { DeadlinePause } from '../http/deadline-pause';
import type { ServiceLimits } from '../http/service-limits';
import type { Logger } from '../log/logger';
import type { ProfileStore } from '../profiles/profile-store';
import { profileOrigin } from '../secrets/secret-binding';
import type { SecretVault } from '../secrets/secret-vault';
import type { Timers } from '../time/timers';
import { createConnection, type Connection } from './connection';
import {
  EMULATOR_DEMO_KEY,
  askAgainInApp,
  boundStoredSecret,
  pointsElsewhere,
  pointsElsewhereError,
} from './profile-secrets';

/** A running emulator, as the built-in "Local emulator" connection needs it. */
export interface EmulatorHandle {
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Options of {@link ConnectionManager}. */
export interface ConnectionManagerOptions {
  readonly profiles: ProfileStore;
  readonly secrets: SecretVault;
  readonly dispatcher: Dispatcher;
  readonly logger: Logger;
  /** Starts the local emulator for profiles with `isEmulator` (started once, on first connect). */
  readonly startEmulator?: () => Promise<EmulatorHandle>;
  readonly retry?: Partial<RetryPolicy>;
  /** The operation deadline and answer bounds of every connection; default SERVICE_LIMITS. */
  readonly limits?: Partial<ServiceLimits>;
  /** Stops the deadlines' clock while the user answers a question of the window's (a proxy's). */
  readonly deadlinePause?: DeadlinePause;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly refreshMarginMs?: number;
  /** Records the changes every connection makes (the audit trail). */
  readonly audit?: ConnectionAudit;
  /** The machine policy in force: what every connection's client refuses to send. */
  readonly policy?: Policy;
}

/** Options of {@link ConnectionManager.connect}. */
export interface ConnectOptions {
  /** Store the given secret in the vault (the keychain, or memory in session-only mode). */
  readonly remember?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * Connections of profiles: signs in (verifying an API key with a cheap call, or logging in
 * with the password), keeps one Connection per profile, and reports sign-in states. Signing in
 * again on a connected profile reuses its Connection, so work holding it (transfers, the job
 * watcher) resumes after an expired sign-in is renewed.
 */
export class ConnectionManager {
  readonly #options: ConnectionManagerOptions;
  readonly #connections = new Map<string, { connection: Connection; unsubscribe: () => void }>();
  readonly #states = new Map<string, SignInState>();
  readonly #onDidChangeState = new Emitter<SignInState>();
  /** Profiles whose stored secret an edit discarded, with where they pointed: for the prompt. */
  readonly #movedFrom = new Map<string, string>();
  #emulator: Promise<EmulatorHandle> | undefined;

  constructor(options: ConnectionManagerOptions) {
    this.#options = options;
  }

  /**
   * Signs in to a profile with `secret`, or with the one stored in the vault when none is
   * given, and answers the new state. With `remember`, a given secret is stored; when the
   * keychain does not work that fails with KEYCHAIN_UNAVAILABLE before anything is sent.
   */
  async connect(
    profileId: string,
    secret?: ProfileSecretInput,
    options: ConnectOptions = {},
  ): Promise<SignInState> {
    const profile = this.#options.profiles.get(profileId);
    const vault = this.#options.secrets;
    if (options.remember && secret && !vault.isSessionOnly) {
      const probe = await vault.probe();
      if (!probe.ok) throw probe.error;
    }
    const resolved = secret ?? (await this.#storedSecret(profile));
    this.#setState({ profileId, status: 'signingIn', sessionOnly: vault.isSessionOnly });
    try {
      const connection = await this.#signIn(profile, resolved, options.signal);
      this.#movedFrom.delete(profileId);
      if (options.remember && secret) {
        await vault.setProfileSecret(profileId, secret, profileOrigin(profile.target));
      }
      return this.#stateFrom(connection);
    } catch (error) {
      const message = isAppError(error) ? error.message : 'Sign-in failed.';
      this.#setState({
        profileId,
        status: 'signedOut',
        sessionOnly: vault.isSessionOnly,
        error: message,
      });
      throw error;
    }
  }

  /**
   * Tests an unsaved connection with the typed secret: signs in on a connection of its own,
   * reads MyIp (is the caller allowed by the ACL?) and the instance list, then drops it.
   * Nothing is kept: no profile is written, no secret stored, no sign-in state reported.
   */
  async test(
    input: ProfileInput,
    secret: ProfileSecretInput,
    signal?: AbortSignal,
  ): Promise<ConnectionTestResult> {
    const time = new Date(0).toISOString();
    const profile: Profile = {
      ...ProfileInputSchema.parse(input),
      id: 'connection-test',
      createdAt: time,
      updatedAt: time,
    };
    // createConnection refuses the wrong kind of secret for the profile's auth.
    const connection = this.#create(profile, secret, await this.#endpoints(profile));
    const options = signal ? { signal } : {};
    try {
      if (connection.auth instanceof TokenAuth && 'password' in secret) {
        await connection.auth.signIn(secret.password, signal);
      }
      const myIp = await connection.client.call('clientIp.get', {}, options);
      const instances = await connection.client.call('instances.list', {}, options);
      const identity = connection.auth.state.identity;
      return { ...(identity ? { identity } : {}), myIp, instanceCount: instances.length };
    } finally {
      connection.auth.dispose();
    }
  }

  /** Signs out of a profile and forgets its connection (its stored secret stays). */
  disconnect(profileId: string): Promise<void> {
    const entry = this.#connections.get(profileId);
    if (entry) {
      entry.unsubscribe();
      entry.connection.auth.dispose();
      this.#connections.delete(profileId);
    }
    this.#setState({
      profileId,
      status: 'signedOut',
      sessionOnly: this.#options.secrets.isSessionOnly,
    });
    return Promise.resolve();
  }

  /** Disconnects, forgets the stored secrets, and deletes the profile. */
  async removeProfile(profileId: string): Promise<void> {
    await this.disconnect(profileId);
    await this.#forgetSecrets(profileId);
    await this.#options.profiles.remove(profileId);
    this.#states.delete(profileId);
    this.#movedFrom.delete(profileId);
  }

  /**
   * Saves an edit of a profile. An edit that points it at another origin (base URL, region,
   * host or port) signs it out and discards its stored secrets, so the next sign-in asks for
   * them: a secret given for one host is never sent to another.
   */
  async updateProfile(profileId: string, input: ProfileInput): Promise<Profile> {
    const before = this.#options.profiles.get(profileId);
    const after = await this.#options.profiles.update(profileId, input);
    if (pointsElsewhere(before, after)) {
      await this.disconnect(profileId);
      if (await this.#forgetSecrets(profileId)) {
        this.#movedFrom.set(profileId, profileOrigin(before.target));
      }
    }
    return after;
  }

  /** The connection of a profile; AUTH_REQUIRED when it is not connected. */
  get(profileId: string): Connection {
    const entry = this.#connections.get(profileId);
    if (entry) return entry.connection;
    throw new AppError({
      code: 'AUTH_REQUIRED',
      message: 'This connection is not signed in. Connect to it first.',
    });
  }

  /** True when a profile has a connection (signed in, or expired and waiting for sign-in). */
  isConnected(profileId: string): boolean {
    return this.#connections.has(profileId);
  }

  /** The sign-in state of a profile (`signedOut` when never connected). */
  state(profileId: string): SignInState {
    return (
      this.#states.get(profileId) ?? {
        profileId,
        status: 'signedOut',
        sessionOnly: this.#options.secrets.isSessionOnly,
      }
    );
  }

  /** Calls `listener` on every sign-in state change of any profile; returns unsubscribe. */
  onDidChangeState(listener: (state: SignInState) => void): Subscription {
    return this.#onDidChangeState.event(listener);
  }

  /** Signs out of everything and stops the emulator if this manager started it. */
  async dispose(): Promise<void> {
    for (const profileId of [...this.#connections.keys()]) await this.disconnect(profileId);
    this.#onDidChangeState.dispose();
    const emulator = this.#emulator;
    this.#emulator = undefined;
    if (emulator) await (await emulator.catch(() => undefined))?.close();
  }

  async #signIn(
    profile: Profile,
    secret: ProfileSecretInput,
    signal: AbortSignal | undefined,
  ): Promise<Connection> {
    const endpoints = await this.#endpoints(profile);
    const existing = this.#connections.get(profile.id)?.connection;
    const reusable =
      existing !== undefined &&
      existing.profile.updatedAt === profile.updatedAt &&
      existing.endpoints.baseUrl === endpoints.baseUrl;
    if (profile.auth.kind === 'apiKey') {
      if (!('apiKey' in secret)) throw wrongSecret('an API key');
      // An API key cannot be checked offline: one cheap call that every role may make, on a
      // fresh connection, so a wrong key never replaces a good one in use.
      const fresh = this.#create(profile, secret, endpoints);
      await fresh.client.call('clientIp.get', {}, signal ? { signal } : {});
      if (reusable && existing.auth instanceof ApiKeyAuth) {
        existing.auth.setApiKey(secret.apiKey, this.#options.secrets.isSessionOnly);
        return existing;
      }
      this.#adopt(fresh);
      return fresh;
    }
    if (!('password' in secret)) throw wrongSecret('a password');
    const connection = reusable ? existing : this.#create(profile, secret, endpoints);
    if (!(connection.auth instanceof TokenAuth)) throw wrongSecret('a password');
    await connection.auth.signIn(secret.password, signal);
    if (!reusable) this.#adopt(connection);
    return connection;
  }

  #create(profile: Profile, secret: ProfileSecretInput, endpoints: ServiceEndpoints): Connection {
    const { dispatcher, logger, retry, limits, deadlinePause, timers, now, refreshMarginMs } =
      this.#options;
    const { audit, policy } = this.#options;
    return createConnection(profile, secret, {
      endpoints,
      dispatcher,
      logger,
      sessionOnly: this.#options.secrets.isSessionOnly,
      ...(retry ? { retry } : {}),
      ...(limits ? { limits } : {}),
      ...(deadlinePause ? { deadlinePause } : {}),
      ...(timers ? { timers } : {}),
      ...(now ? { now } : {}),
      ...(refreshMarginMs === undefined ? {} : { refreshMarginMs }),
      ...(audit ? { audit } : {}),
      ...(policy ? { policy } : {}),
    });
  }

  #adopt(connection: Connection): void {
    const previous = this.#connections.get(connection.profile.id);
    if (previous) {
      previous.unsubscribe();
      previous.connection.auth.dispose();
    }
    const unsubscribe = connection.auth.onDidChangeState((state) => this.#setState(state));
    this.#connections.set(connection.profile.id, { connection, unsubscribe });
  }

  #stateFrom(connection: Connection): SignInState {
    const state = connection.auth.state;
    this.#setState(state);
    return state;
  }

  async #storedSecret(profile: Profile): Promise<ProfileSecretInput> {
    // The built-in emulator needs no keychain: a machine without one can still try the app.
    if (profile.isEmulator && profile.auth.kind === 'apiKey') return { apiKey: EMULATOR_DEMO_KEY };
    const stored = await boundStoredSecret(this.#options.secrets, profile, askAgainInApp);
    if (stored) return stored;
    const movedFrom = this.#movedFrom.get(profile.id);
    if (movedFrom !== undefined) throw pointsElsewhereError(profile, movedFrom, askAgainInApp);
    throw new AppError({ code: 'AUTH_REQUIRED', message: askAgainInApp(profile) });
  }

  /** Forgets a profile's stored secrets; true when there was one. */
  async #forgetSecrets(profileId: string): Promise<boolean> {
    try {
      return await this.#options.secrets.forgetProfile(profileId);
    } catch (error) {
      // Without a keychain there is nothing stored to forget; the change still goes through,
      // and a secret left behind is refused on read because it names the old origin.
      if (!isAppError(error) || error.code !== 'KEYCHAIN_UNAVAILABLE') throw error;
      this.#options.logger.warn('Could not forget the secrets of a profile', { error });
      return false;
    }
  }

  async #endpoints(profile: Profile): Promise<ServiceEndpoints> {
    const start = this.#options.startEmulator;
    if (!profile.isEmulator || !start) return serviceEndpoints(profile.target);
    this.#emulator ??= start();
    try {
      const emulator = await this.#emulator;
      return serviceEndpoints({ kind: 'custom', baseUrl: emulator.baseUrl });
    } catch (error) {
      this.#emulator = undefined;
      this.#options.logger.error('The local emulator did not start', { error });
      throw new AppError(
        {
          code: 'UNAVAILABLE',
          message: 'The local emulator could not start. The log has details.',
        },
        { cause: error },
      );
    }
  }

  #setState(state: SignInState): void {
    this.#states.set(state.profileId, state);
    this.#onDidChangeState.fire(state);
  }
}

function wrongSecret(expected: string): AppError {
  return new AppError({
    code: 'VALIDATION',
    message: `This connection signs in with ${expected}. Enter ${expected} to connect.`,
  });
}
