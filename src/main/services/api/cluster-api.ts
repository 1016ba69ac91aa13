import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** The cluster: its IP access control list and minimum TLS version. A thin typed layer over the catalogue: input and answer types come from it. */
export class ClusterApi {
  constructor(private readonly client: ServiceClient) {}

  /** Show the cluster and its access control list. */
  get(
    input: OperationInput<'cluster.get'> = {},
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.get'>> {
    return this.client.call('cluster.get', input, options);
  }

  /** List the allowed client IP addresses and CIDR ranges. */
  listAllowedIps(
    input: OperationInput<'cluster.listAllowedIps'> = {},
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.listAllowedIps'>> {
    return this.client.call('cluster.listAllowedIps', input, options);
  }

  /** Add an IP address or CIDR range to the access control list. */
  addAllowedIp(
    input: OperationInput<'cluster.addAllowedIp'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.addAllowedIp'>> {
    return this.client.call('cluster.addAllowedIp', input, options);
  }

  /** Add and remove access control list entries in one step. */
  overwriteAllowedIps(
    input: OperationInput<'cluster.overwriteAllowedIps'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.overwriteAllowedIps'>> {
    return this.client.call('cluster.overwriteAllowedIps', input, options);
  }

  /** Remove an IP address from the access control list. */
  deleteAllowedIp(
    input: OperationInput<'cluster.deleteAllowedIp'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.deleteAllowedIp'>> {
    return this.client.call('cluster.deleteAllowedIp', input, options);
  }

  /** Remove a CIDR range from the access control list. */
  deleteAllowedRange(
    input: OperationInput<'cluster.deleteAllowedRange'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.deleteAllowedRange'>> {
    return this.client.call('cluster.deleteAllowedRange', input, options);
  }

  /** Set the minimum TLS protocol version of the cluster. */
  setServerSecurity(
    input: OperationInput<'cluster.setServerSecurity'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.setServerSecurity'>> {
    return this.client.call('cluster.setServerSecurity', input, options);
  }

  /** Show the minimum TLS version and whether all connections are encrypted. */
  getServerSecurity(
    input: OperationInput<'cluster.getServerSecurity'> = {},
    options?: CallOptions,
  ): Promise<OperationOutput<'cluster.getServerSecurity'>> {
    return this.client.call('cluster.getServerSecurity', input, options);
  }
}
