import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import { jobIdFromLocation } from '../../../shared/contract/paths';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** The answer of move: the (empty) body, the job's URL and its id taken from that URL. */
export type MoveAnswer = OperationOutput<'databases.move'> & {
  readonly location: string | undefined;
  readonly jobId: string | undefined;
};

/** Databases of an instance: create, read, drop, pin, security, archive, export, import, move, rename, shrink. A thin typed layer over the catalogue: input and answer types come from it. */
export class DatabasesApi {
  constructor(private readonly client: ServiceClient) {}

  /** Create a database on an instance (watched as a job). */
  create(
    input: OperationInput<'databases.create'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.create'>> {
    return this.client.call('databases.create', input, options);
  }

  /** List the databases of an instance that you can access. */
  list(
    input: OperationInput<'databases.list'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.list'>> {
    return this.client.call('databases.list', input, options);
  }

  /** Show one database. */
  get(
    input: OperationInput<'databases.get'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.get'>> {
    return this.client.call('databases.get', input, options);
  }

  /** Drop a database (an archive of it is kept). */
  drop(
    input: OperationInput<'databases.drop'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.drop'>> {
    return this.client.call('databases.drop', input, options);
  }

  /** Pin or unpin a database. */
  pin(
    input: OperationInput<'databases.pin'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.pin'>> {
    return this.client.call('databases.pin', input, options);
  }

  /** Add or remove security groups of a database. */
  updateSecurity(
    input: OperationInput<'databases.updateSecurity'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.updateSecurity'>> {
    return this.client.call('databases.updateSecurity', input, options);
  }

  /** Archive a database (watched as a job). */
  archive(
    input: OperationInput<'databases.archive'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.archive'>> {
    return this.client.call('databases.archive', input, options);
  }

  /** Change the storage type and expiration date of an archive. */
  updateArchive(
    input: OperationInput<'databases.updateArchive'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.updateArchive'>> {
    return this.client.call('databases.updateArchive', input, options);
  }

  /** Export a database to an MDF, BAK or DACPAC file (starts a job). */
  export(
    input: OperationInput<'databases.export'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.export'>> {
    return this.client.call('databases.export', input, options);
  }

  /** Get a pre-signed URL to upload a whole database file for import. */
  prepareImport(
    input: OperationInput<'databases.prepareImport'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.prepareImport'>> {
    return this.client.call('databases.prepareImport', input, options);
  }

  /** Import the last uploaded file into a database (starts a job). */
  import(
    input: OperationInput<'databases.import'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.import'>> {
    return this.client.call('databases.import', input, options);
  }

  /**
   * Move a database to another instance of the tenant (starts a job). The service names the
   * job only in the `Location` header of its 202, so the answer carries that and the job id.
   */
  async move(input: OperationInput<'databases.move'>, options?: CallOptions): Promise<MoveAnswer> {
    const answer = await this.client.callWithHeaders('databases.move', input, options);
    const location = answer.headers['location'];
    const fromBody = (answer.data as { jobId?: unknown }).jobId;
    const jobId =
      typeof fromBody === 'string' ? fromBody : location ? jobIdFromLocation(location) : undefined;
    return { ...answer.data, location, jobId };
  }

  /** Rename a database (starts a job). */
  rename(
    input: OperationInput<'databases.rename'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.rename'>> {
    return this.client.call('databases.rename', input, options);
  }

  /** Shrink a user or system database such as tempdb (starts a job). */
  shrink(
    input: OperationInput<'databases.shrink'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'databases.shrink'>> {
    return this.client.call('databases.shrink', input, options);
  }
}
