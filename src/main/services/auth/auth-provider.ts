import type { SignInState } from '../../../shared/model/session-state';

/**
 * What the HTTP client needs from a sign-in: the `Authorization` header value, and a way to
 * recover from a 401. Implementations: ApiKeyAuth and TokenAuth.
 */
export interface AuthProvider {
  readonly kind: 'apiKey' | 'token';
  /** The current sign-in state (never holds a secret). */
  readonly state: SignInState;
  /**
   * The `Authorization` header value for the next request. Waits for a refresh in flight;
   * throws AUTH_EXPIRED once a refresh has failed, and AUTH_REQUIRED when signed out.
   */
  authorization(signal?: AbortSignal): Promise<string>;
  /**
   * Called when a request sent with `sent` got 401. Refreshes once however many requests
   * call it together (single flight); true means "send it again, once".
   */
  onUnauthorized(sent: string, signal?: AbortSignal): Promise<boolean>;
  /** Calls `listener` on every state change; returns the function that stops it. */
  onDidChangeState(listener: (state: SignInState) => void): () => void;
  /** Stops timers; the provider is not used afterwards. */
  dispose(): void;
}
