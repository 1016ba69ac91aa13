import { z } from 'zod';
import {
  atLeast,
  defineOperation,
  instanceParams,
  json,
  jsonAnswer,
  noBody,
  pathText,
} from '../operation';
import {
  GroupOperationListSchema,
  LinkedServerRequestSchema,
  LinkedServerResponseSchema,
  SqlInstanceSchema,
} from '../records/instances';

const oneInstance = z.object(instanceParams);

/** Operations on server instances (and their security groups). */
export const instanceOperations = [
  defineOperation({
    id: 'instances.list',
    group: 'instances',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances',
    pathParams: z.object({}),
    success: [200],
    response: jsonAnswer(z.array(SqlInstanceSchema)),
    roles: atLeast('Consumer'),
    summary: 'List the managed SQL Server instances of the tenant',
  }),
  defineOperation({
    id: 'instances.get',
    group: 'instances',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}',
    pathParams: oneInstance,
    success: [200],
    response: jsonAnswer(SqlInstanceSchema),
    roles: atLeast('Consumer'),
    summary: 'Show one instance with its disk space and database limits',
  }),
  defineOperation({
    id: 'instances.updateSecurity',
    group: 'instances',
    method: 'PATCH',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}',
    pathParams: oneInstance,
    body: json(GroupOperationListSchema),
    success: [204],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Add or remove security groups of an instance',
  }),
] as const;

/** Operations on linked servers: all Admin-only (records.md "Permissions [ours]"). */
export const linkedServerOperations = [
  defineOperation({
    id: 'linkedServers.list',
    group: 'linkedServers',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/linked-servers',
    pathParams: oneInstance,
    success: [200],
    response: jsonAnswer(z.array(LinkedServerResponseSchema)),
    roles: atLeast('Admin'),
    summary: 'List the instances linked to an instance',
  }),
  defineOperation({
    id: 'linkedServers.create',
    group: 'linkedServers',
    method: 'POST',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/linked-servers',
    pathParams: oneInstance,
    body: json(LinkedServerRequestSchema),
    success: [200],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Link another instance of the tenant to an instance',
  }),
  defineOperation({
    id: 'linkedServers.delete',
    group: 'linkedServers',
    method: 'DELETE',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/linked-servers/{linkedServerName}',
    pathParams: z.object({ ...instanceParams, linkedServerName: pathText('linkedServerName') }),
    success: [200],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Remove the link between two instances',
  }),
] as const;
