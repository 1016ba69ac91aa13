import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** Links between instances of the tenant (linked servers). A thin typed layer over the catalogue: input and answer types come from it. */
export class LinkedServersApi {
  constructor(private readonly client: ServiceClient) {}

  /** List the instances linked to an instance. */
  list(
    input: OperationInput<'linkedServers.list'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'linkedServers.list'>> {
    return this.client.call('linkedServers.list', input, options);
  }

  /** Link another instance of the tenant to an instance. */
  create(
    input: OperationInput<'linkedServers.create'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'linkedServers.create'>> {
    return this.client.call('linkedServers.create', input, options);
  }

  /** Remove the link between two instances. */
  delete(
    input: OperationInput<'linkedServers.delete'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'linkedServers.delete'>> {
    return this.client.call('linkedServers.delete', input, options);
  }
}
