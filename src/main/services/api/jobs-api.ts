import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** Background jobs: status and details by id, and the jobs of an instance. A thin typed layer over the catalogue: input and answer types come from it. */
export class JobsApi {
  constructor(private readonly client: ServiceClient) {}

  /** Show the status of a job. */
  getStatus(
    input: OperationInput<'jobs.getStatus'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'jobs.getStatus'>> {
    return this.client.call('jobs.getStatus', input, options);
  }

  /** Show the error of a job, if any. */
  getDetails(
    input: OperationInput<'jobs.getDetails'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'jobs.getDetails'>> {
    return this.client.call('jobs.getDetails', input, options);
  }

  /** List the jobs of an instance. */
  listByInstance(
    input: OperationInput<'jobs.listByInstance'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'jobs.listByInstance'>> {
    return this.client.call('jobs.listByInstance', input, options);
  }

  /** Show one job of an instance with its progress and download URIs. */
  getByInstance(
    input: OperationInput<'jobs.getByInstance'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'jobs.getByInstance'>> {
    return this.client.call('jobs.getByInstance', input, options);
  }
}
