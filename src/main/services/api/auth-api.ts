import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** The token-issuing service: password login and refresh (no Authorization header). A thin typed layer over the catalogue: input and answer types come from it. */
export class AuthApi {
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
