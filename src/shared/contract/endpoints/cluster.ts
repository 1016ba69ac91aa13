import { z } from 'zod';
import { atLeast, defineOperation, json, jsonAnswer, noBody } from '../operation';
import {
  AddCidrRequestSchema,
  AllowedIpParamsSchema,
  AllowedRangeParamsSchema,
  CidrEntryResponseSchema,
  ClusterSchema,
  ServerSecuritySchema,
  SetClusterSecurityRequestSchema,
  UpdateCidrRequestSchema,
} from '../records/cluster';

const noParams = z.object({});

/**
 * Operations of the cluster ACL and security group. All are Admin-only (records.md
 * "Permissions [ours]": ACL and TLS). Paths of this group have no `instanceName`.
 */
export const clusterOperations = [
  defineOperation({
    id: 'cluster.get',
    group: 'cluster',
    method: 'GET',
    service: 'api',
    path: '/v1/Cluster',
    pathParams: noParams,
    success: [200],
    response: jsonAnswer(ClusterSchema),
    roles: atLeast('Admin'),
    summary: 'Show the cluster and its access control list',
  }),
  defineOperation({
    id: 'cluster.listAllowedIps',
    group: 'cluster',
    method: 'GET',
    service: 'api',
    path: '/v1/Cluster/allowed-ips',
    pathParams: noParams,
    success: [200],
    response: jsonAnswer(z.array(CidrEntryResponseSchema)),
    roles: atLeast('Admin'),
    summary: 'List the allowed client IP addresses and CIDR ranges',
  }),
  defineOperation({
    id: 'cluster.addAllowedIp',
    group: 'cluster',
    method: 'PUT',
    service: 'api',
    path: '/v1/Cluster/allowed-ips',
    pathParams: noParams,
    body: json(AddCidrRequestSchema),
    success: [200],
    response: noBody,
    // A PUT that adds: repeating it leaves the same entry in the ACL, so it stays idempotent.
    roles: atLeast('Admin'),
    summary: 'Add an IP address or CIDR range to the access control list',
  }),
  defineOperation({
    id: 'cluster.overwriteAllowedIps',
    group: 'cluster',
    method: 'PATCH',
    service: 'api',
    path: '/v1/Cluster/allowed-ips',
    pathParams: noParams,
    body: json(UpdateCidrRequestSchema),
    success: [200],
    response: noBody,
    // Applied as one step that replaces the ACL: the same body twice gives the same ACL.
    idempotent: true,
    roles: atLeast('Admin'),
    summary: 'Add and remove access control list entries in one step',
  }),
  defineOperation({
    id: 'cluster.deleteAllowedIp',
    group: 'cluster',
    method: 'DELETE',
    service: 'api',
    path: '/v1/Cluster/allowed-ips/{ipAddress}',
    pathParams: AllowedIpParamsSchema,
    success: [200],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Remove an IP address from the access control list',
  }),
  defineOperation({
    id: 'cluster.deleteAllowedRange',
    group: 'cluster',
    method: 'DELETE',
    service: 'api',
    // A range needs two segments: a `/` inside one segment would be encoded as %2F.
    path: '/v1/Cluster/allowed-ips/{cidrIpAddress}/{cidrIpPrefix}',
    pathParams: AllowedRangeParamsSchema,
    success: [200],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Remove a CIDR range from the access control list',
  }),
  defineOperation({
    id: 'cluster.setServerSecurity',
    group: 'cluster',
    method: 'PUT',
    service: 'api',
    path: '/v1/Cluster/server-security',
    pathParams: noParams,
    body: json(SetClusterSecurityRequestSchema),
    success: [200],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Set the minimum TLS protocol version of the cluster',
  }),
  defineOperation({
    id: 'cluster.getServerSecurity',
    group: 'cluster',
    method: 'GET',
    service: 'api',
    path: '/v1/Cluster/server-security',
    pathParams: noParams,
    success: [200],
    // The interface does not show this body; records.md fixes it as ServerSecurity.
    response: jsonAnswer(ServerSecuritySchema),
    roles: atLeast('Admin'),
    summary: 'Show the minimum TLS version and whether all connections are encrypted',
  }),
] as const;
