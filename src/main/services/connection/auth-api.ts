import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';
import type { TokenService } from '../auth/token-auth';

/**
 * The token-issuing service (password login and refresh, no Authorization header) as the
 * {@link TokenService} port that `TokenAuth` signs in and refreshes through. The one
 * forwarding class kept (everything else calls `client.call`): TokenAuth is tested with a fake
 * of this port, and the port keeps the token service's client, which sends no Authorization,
 * out of TokenAuth. It sits with the connection that wires it, not in `auth/`: it needs the
 * HTTP client, and `http/` already depends on `auth/` (the client asks a provider for its
 * `Authorization`).
 */
export class AuthApi implements TokenService {
  constructor(private readonly client: ServiceClient) {}

  /** Log in with tenant, user name and password to get tokens. */
  loginImplicit(
    input: OperationInput<'auth.loginImplicit'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'auth.loginImplicit'>> {
    return this.client.call('auth.loginImplicit', input, options);
  }

  /** Get a new token set from a refresh token. */
  refresh(
    input: OperationInput<'auth.refresh'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'auth.refresh'>> {
    return this.client.call('auth.refresh', input, options);
  }
}
