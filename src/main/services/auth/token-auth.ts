import {
  ACCESS_TOKEN_LIFETIME_MS,
  type TokenResponse,
} from '../../../shared/contract/records/auth';
import { AppError, isAppError } from '../../../shared/errors';
import type { SignInState } from '../../../shared/model/session-state';
import { Emitter, type Subscription } from '../common/emitter';
import { ServiceError } from '../common/service-error';
import { silentLogger, type Logger } from '../log/logger';
import { systemTimers, type Timers } from '../time/timers';
import type { AuthProvider } from './auth-provider';

/** The token service calls TokenAuth makes (`AuthApi` in connection/auth-api.ts implements them). */
export interface TokenService {
  loginImplicit(
    input: { body: { tenantName: string; username: string; password: string } },
    options?: { signal?: AbortSignal },
  ): Promise<TokenResponse>;
  refresh(
    input: { body: { refreshToken: string } },
    options?: { signal?: AbortSignal },
  ): Promise<TokenResponse>;
}

/** Options of {@link TokenAuth}. */
export interface TokenAuthOptions {
  readonly profileId: string;
  readonly tenantName: string;
  readonly userName: string;
  readonly tokens: TokenService;
  readonly now?: () => number;
  readonly timers?: Timers;
  /** Refresh this long before the access token expires (default 5 min). */
  readonly refreshMarginMs?: number;
  /** After a refresh fails on the network, try again after this long (default 30 s). */
  readonly retryRefreshMs?: number;
  readonly sessionOnly?: boolean;
  readonly logger?: Logger;
}

interface TokenSet {
  readonly access: string;
  readonly refresh: string;
  readonly expiresAt: number;
}

/**
 * Token sign-in (tenant, user name, password): `Authorization: Bearer <access token>`. The
 * token is refreshed a few minutes before it expires, and on a 401 at most once however many
 * requests are waiting (single flight). Refresh tokens rotate. When a refresh is refused the
 * state becomes `expired` and every call fails with AUTH_EXPIRED until the user signs in
 * again; callers doing long work pause on that code instead of failing.
 */
export class TokenAuth implements AuthProvider {
  readonly kind = 'token' as const;
  readonly #options: TokenAuthOptions;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #logger: Logger;
  readonly #onDidChangeState = new Emitter<SignInState>();
  #state: SignInState;
  #tokens: TokenSet | undefined;
  #refreshing: Promise<void> | undefined;
  #timer: unknown;

  constructor(options: TokenAuthOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
    this.#logger = options.logger ?? silentLogger;
    this.#state = {
      profileId: options.profileId,
      status: 'signedOut',
      identity: options.userName,
      sessionOnly: options.sessionOnly ?? false,
    };
  }

  get state(): SignInState {
    return { ...this.#state };
  }

  /** Signs in with the password; a failure mentions that SSO tenants must use API keys. */
  async signIn(password: string, signal?: AbortSignal): Promise<SignInState> {
    this.#logger.addSecret?.(password);
    this.#setState({ status: 'signingIn' });
    const { tenantName, userName } = this.#options;
    try {
      const body = { tenantName, username: userName, password };
      this.#accept(await this.#options.tokens.loginImplicit({ body }, signal ? { signal } : {}));
      return this.state;
    } catch (error) {
      const failure = loginFailure(error, tenantName, userName);
      this.#tokens = undefined;
      this.#setState({ status: 'signedOut', error: failure.message });
      throw failure;
    }
  }

  /** Forgets the tokens; calls fail with AUTH_REQUIRED until {@link signIn}. */
  signOut(): void {
    this.#tokens = undefined;
    this.#cancelTimer();
    this.#setState({ status: 'signedOut' });
  }

  async authorization(signal?: AbortSignal): Promise<string> {
    if (this.#refreshing) await this.#refreshing.catch(() => undefined);
    this.#throwUnlessSignedIn();
    // A token past its expiry (a laptop that slept through the scheduled refresh) is renewed
    // before use instead of earning a 401 first.
    if (this.#tokens && this.#now() >= this.#tokens.expiresAt) await this.#refreshOnce(signal);
    this.#throwUnlessSignedIn();
    return `Bearer ${this.#tokens?.access ?? ''}`;
  }

  async onUnauthorized(sent: string, signal?: AbortSignal): Promise<boolean> {
    if (this.#state.status !== 'signedIn' && !this.#refreshing) return false;
    // Sent with a token that has been replaced since: just send again with the new one.
    if (this.#tokens && sent !== `Bearer ${this.#tokens.access}` && !this.#refreshing) return true;
    try {
      await this.#refreshOnce(signal);
    } catch (error) {
      if (isAppError(error) && error.code === 'AUTH_EXPIRED') return false;
      throw error;
    }
    return this.#state.status === 'signedIn';
  }

  onDidChangeState(listener: (state: SignInState) => void): Subscription {
    return this.#onDidChangeState.event(listener);
  }

  dispose(): void {
    this.#cancelTimer();
    this.#onDidChangeState.dispose();
  }

  /** One refresh however many callers ask at once. */
  #refreshOnce(signal?: AbortSignal): Promise<void> {
    this.#refreshing ??= this.#refresh(signal).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  async #refresh(signal?: AbortSignal): Promise<void> {
    const current = this.#tokens;
    if (!current) throw this.#expiredError('there is no refresh token');
    try {
      const body = { refreshToken: current.refresh };
      this.#accept(await this.#options.tokens.refresh({ body }, signal ? { signal } : {}));
      this.#logger.info('Access token refreshed', { profileId: this.#options.profileId });
    } catch (error) {
      if (
        isAppError(error) &&
        ['NETWORK', 'UNAVAILABLE', 'RATE_LIMITED', 'CANCELLED'].includes(error.code)
      ) {
        // The refresh token may still be good: try again later rather than give up.
        this.#schedule(this.#options.retryRefreshMs ?? 30_000);
        throw error;
      }
      this.#tokens = undefined;
      this.#cancelTimer();
      const failure = this.#expiredError(isAppError(error) ? error.message : 'unknown error');
      this.#setState({ status: 'expired', error: failure.message });
      this.#logger.warn('Token refresh failed', { profileId: this.#options.profileId, error });
      throw failure;
    }
  }

  #accept(answer: TokenResponse): void {
    for (const token of [answer.accessToken, answer.refreshToken, answer.idToken]) {
      this.#logger.addSecret?.(token);
    }
    const lifetime =
      typeof answer.expiresIn === 'number' && answer.expiresIn > 0
        ? answer.expiresIn * 1000
        : ACCESS_TOKEN_LIFETIME_MS;
    const expiresAt = this.#now() + lifetime;
    this.#tokens = { access: answer.accessToken, refresh: answer.refreshToken, expiresAt };
    // Refresh `margin` before expiry; a token shorter-lived than twice the margin at half-life.
    const margin = Math.min(this.#options.refreshMarginMs ?? 5 * 60_000, lifetime / 2);
    this.#schedule(lifetime - margin);
    this.#setState({ status: 'signedIn', expiresAt: new Date(expiresAt).toISOString() });
  }

  #schedule(ms: number): void {
    this.#cancelTimer();
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = undefined;
      this.#refreshOnce().catch(() => undefined); // failures already set the state
    }, ms);
  }

  #cancelTimer(): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #throwUnlessSignedIn(): void {
    if (this.#state.status === 'expired') throw this.#expiredError(this.#state.error);
    if (this.#state.status !== 'signedIn' || !this.#tokens) {
      throw new AppError({
        code: 'AUTH_REQUIRED',
        message: `Not signed in as ${this.#options.userName}. Sign in to continue.`,
      });
    }
  }

  #expiredError(reason?: string): AppError {
    if (this.#state.status === 'expired' && reason === this.#state.error && reason) {
      return new AppError({ code: 'AUTH_EXPIRED', message: reason });
    }
    return new AppError({
      code: 'AUTH_EXPIRED',
      message: `The sign-in of ${this.#options.userName} expired and could not be renewed (${reason ?? 'refused'}). Sign in again; work in progress is paused until you do.`,
    });
  }

  #setState(change: Partial<SignInState>): void {
    const { error: _error, expiresAt: _expiresAt, ...base } = this.#state;
    this.#state = { ...base, ...change };
    this.#onDidChangeState.fire(this.state);
  }
}

/** The error of a failed password sign-in, with the single-sign-on hint when it was refused. */
function loginFailure(error: unknown, tenantName: string, userName: string): AppError {
  if (
    !isAppError(error) ||
    !['AUTH_REQUIRED', 'FORBIDDEN', 'VALIDATION', 'NOT_FOUND'].includes(error.code)
  ) {
    return isAppError(error)
      ? error
      : new AppError(
          { code: 'INTERNAL', message: 'Sign-in failed unexpectedly.' },
          { cause: error },
        );
  }
  const said =
    error instanceof ServiceError && error.serviceMessage
      ? error.serviceMessage.replace(/[.\s]+$/, '')
      : `the service answered ${error.status ?? error.code}`;
  return new AppError(
    {
      code: 'AUTH_REQUIRED',
      message:
        `Could not sign in to tenant ${tenantName} as ${userName}: ${said}. ` +
        'Check the tenant, user name and password. Tenants that use single sign-on cannot ' +
        'sign in with a password here and must use an API key instead.',
      operation: 'auth.loginImplicit',
      ...(error.status === undefined ? {} : { status: error.status }),
    },
    { cause: error },
  );
}
