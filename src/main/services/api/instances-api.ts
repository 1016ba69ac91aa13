import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** Managed SQL Server instances: list, read, update security groups. A thin typed layer over the catalogue: input and answer types come from it. */
export class InstancesApi {
  constructor(private readonly client: ServiceClient) {}

  /** List the managed SQL Server instances of the tenant. */
  list(
    input: OperationInput<'instances.list'> = {},
    options?: CallOptions,
  ): Promise<OperationOutput<'instances.list'>> {
    return this.client.call('instances.list', input, options);
  }

  /** Show one instance with its disk space and database limits. */
  get(
    input: OperationInput<'instances.get'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'instances.get'>> {
    return this.client.call('instances.get', input, options);
  }

  /** Add or remove security groups of an instance. */
  updateSecurity(
    input: OperationInput<'instances.updateSecurity'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'instances.updateSecurity'>> {
    return this.client.call('instances.updateSecurity', input, options);
  }
}
