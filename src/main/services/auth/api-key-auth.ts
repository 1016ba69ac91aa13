import type { SignInState } from '../../../shared/model/session-state';
import { Emitter, type Subscription } from '../common/emitter';
import type { AuthProvider } from './auth-provider';

/** Options of {@link ApiKeyAuth}. */
export interface ApiKeyAuthOptions {
  readonly profileId: string;
  readonly apiKey: string;
  /** The secrets are kept in memory only for this run (shown in the status bar). */
  readonly sessionOnly?: boolean;
}

/**
 * API-key sign-in: the key is sent as is, `Authorization: <key>` (the interface's form, no
 * scheme). Keys do not expire and cannot be refreshed, so a 401 is final (AUTH_REQUIRED).
 */
export class ApiKeyAuth implements AuthProvider {
  readonly kind = 'apiKey' as const;
  #apiKey: string;
  #state: SignInState;
  readonly #onDidChangeState = new Emitter<SignInState>();

  constructor(options: ApiKeyAuthOptions) {
    this.#apiKey = options.apiKey;
    this.#state = {
      profileId: options.profileId,
      status: 'signedIn',
      identity: 'API key',
      sessionOnly: options.sessionOnly ?? false,
    };
  }

  get state(): SignInState {
    return { ...this.#state };
  }

  authorization(): Promise<string> {
    return Promise.resolve(this.#apiKey);
  }

  onUnauthorized(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** Replaces the key (the user entered a new one for the same connection). */
  setApiKey(apiKey: string, sessionOnly?: boolean): void {
    this.#apiKey = apiKey;
    this.#setState({
      ...this.#state,
      status: 'signedIn',
      sessionOnly: sessionOnly ?? this.#state.sessionOnly,
    });
  }

  onDidChangeState(listener: (state: SignInState) => void): Subscription {
    return this.#onDidChangeState.event(listener);
  }

  dispose(): void {
    this.#onDidChangeState.dispose();
  }

  #setState(state: SignInState): void {
    const { error: _error, ...rest } = state;
    this.#state = rest;
    this.#onDidChangeState.fire(this.state);
  }
}
