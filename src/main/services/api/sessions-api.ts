import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** SQL sessions of an instance or a database, and terminating one. A thin typed layer over the catalogue: input and answer types come from it. */
export class SessionsApi {
  constructor(private readonly client: ServiceClient) {}

  /** List the sessions on an instance (with an optional filter). */
  list(
    input: OperationInput<'sessions.list'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'sessions.list'>> {
    return this.client.call('sessions.list', input, options);
  }

  /** List the sessions on a database. */
  listByDatabase(
    input: OperationInput<'sessions.listByDatabase'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'sessions.listByDatabase'>> {
    return this.client.call('sessions.listByDatabase', input, options);
  }

  /** Terminate a session on a database. */
  killByDatabase(
    input: OperationInput<'sessions.killByDatabase'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'sessions.killByDatabase'>> {
    return this.client.call('sessions.killByDatabase', input, options);
  }

  /** Terminate a session on an instance. */
  kill(
    input: OperationInput<'sessions.kill'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'sessions.kill'>> {
    return this.client.call('sessions.kill', input, options);
  }
}
