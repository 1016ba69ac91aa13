import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** The caller's IP address as the service sees it. A thin typed layer over the catalogue: input and answer types come from it. */
export class ClientIpApi {
  constructor(private readonly client: ServiceClient) {}

  /** Show your IP address and whether the access control list allows it. */
  get(
    input: OperationInput<'clientIp.get'> = {},
    options?: CallOptions,
  ): Promise<OperationOutput<'clientIp.get'>> {
    return this.client.call('clientIp.get', input, options);
  }
}
