import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** Logins of an instance: list, create, change password, delete. A thin typed layer over the catalogue: input and answer types come from it. */
export class LoginsApi {
  constructor(private readonly client: ServiceClient) {}

  /** List the logins of an instance. */
  list(
    input: OperationInput<'logins.list'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'logins.list'>> {
    return this.client.call('logins.list', input, options);
  }

  /** Create a Consumer or Contributor login (starts a job). */
  create(
    input: OperationInput<'logins.create'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'logins.create'>> {
    return this.client.call('logins.create', input, options);
  }

  /** Change the password of a login. */
  updatePassword(
    input: OperationInput<'logins.updatePassword'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'logins.updatePassword'>> {
    return this.client.call('logins.updatePassword', input, options);
  }

  /** Delete a login (may start a job). */
  delete(
    input: OperationInput<'logins.delete'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'logins.delete'>> {
    return this.client.call('logins.delete', input, options);
  }
}
