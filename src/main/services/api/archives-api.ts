import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** Archives of databases: list (filter, sort, page), read, delete, restore. A thin typed layer over the catalogue: input and answer types come from it. */
export class ArchivesApi {
  constructor(private readonly client: ServiceClient) {}

  /** List the archives of databases hosted on an instance (filter, sort, page). */
  list(
    input: OperationInput<'archives.list'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'archives.list'>> {
    return this.client.call('archives.list', input, options);
  }

  /** Show one archive, with its download URIs. */
  get(
    input: OperationInput<'archives.get'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'archives.get'>> {
    return this.client.call('archives.get', input, options);
  }

  /** Delete an archive. */
  delete(
    input: OperationInput<'archives.delete'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'archives.delete'>> {
    return this.client.call('archives.delete', input, options);
  }

  /** Restore a database from an archive on the instance that hosted it (starts a job). */
  restore(
    input: OperationInput<'archives.restore'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'archives.restore'>> {
    return this.client.call('archives.restore', input, options);
  }
}
