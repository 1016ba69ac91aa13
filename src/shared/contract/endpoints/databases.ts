import { z } from 'zod';
import {
  atLeast,
  databaseParams,
  defineOperation,
  instanceParams,
  json,
  jsonAnswer,
  noBody,
  pathText,
} from '../operation';
import { ListDatabasesQuerySchema } from '../query';
import { ArchivePatchSchema, ArchiveRequestSchema } from '../records/archives';
import {
  ArchiveDatabaseResponseSchema,
  CreateDatabaseRequestSchema,
  CreateDatabaseResponseSchema,
  DatabaseSchema,
  PinOrUnpinRequestSchema,
} from '../records/databases';
import { GroupOperationListSchema } from '../records/instances';

const dbParams = z.object(databaseParams);

/** The two archive operations on a database require the platform resource group id. */
const resourceGroupHeaders = z.object({
  // `z.guid()`, not `z.uuid()`: "format uuid" is a .NET Guid, which accepts any hex digits,
  // while `z.uuid()` also checks the RFC 4122 version and variant bits.
  'x-platform-resource-group-id': z.guid({
    error: 'x-platform-resource-group-id must be a resource group id (a UUID)',
  }),
});

/** Operations of the Databases group that complete within the request (plus create/archive). */
export const databaseOperations = [
  defineOperation(
    {
      id: 'databases.create',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases',
      pathParams: z.object(instanceParams),
      body: json(CreateDatabaseRequestSchema),
      success: [200],
      response: jsonAnswer(CreateDatabaseResponseSchema),
      // Answers 200, not 202, but with a job id (CreateDatabaseResponse is a JobIdResponse),
      // so the creation goes on in the background and is watched like the 202 operations.
      roles: atLeast('Contributor'),
      summary: 'Create a database on an instance (watched as a job)',
    },
    {
      type: 'CREATE_DATABASE',
      label: ({ body }) => `Create ${body.databaseName}`,
      resourceName: ({ body }) => body.databaseName,
    },
  ),
  defineOperation({
    id: 'databases.list',
    group: 'databases',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases',
    pathParams: z.object(instanceParams),
    // `adminAccess=true` is Admin-only; the emulator checks that on top of `roles`.
    query: ListDatabasesQuerySchema,
    success: [200],
    response: jsonAnswer(z.array(DatabaseSchema)),
    roles: atLeast('Consumer'),
    summary: 'List the databases of an instance that you can access',
  }),
  defineOperation({
    id: 'databases.get',
    group: 'databases',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}',
    pathParams: dbParams,
    success: [200],
    response: jsonAnswer(DatabaseSchema),
    roles: atLeast('Consumer'),
    summary: 'Show one database',
  }),
  defineOperation({
    id: 'databases.drop',
    group: 'databases',
    method: 'DELETE',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}',
    pathParams: dbParams,
    success: [200, 204],
    response: noBody,
    roles: atLeast('Contributor'),
    summary: 'Drop a database (an archive of it is kept)',
  }),
  defineOperation({
    id: 'databases.pin',
    group: 'databases',
    method: 'PUT',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}',
    pathParams: dbParams,
    body: json(PinOrUnpinRequestSchema),
    success: [200],
    response: noBody,
    roles: atLeast('Contributor'),
    summary: 'Pin or unpin a database',
  }),
  defineOperation({
    id: 'databases.updateSecurity',
    group: 'databases',
    method: 'PATCH',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}',
    pathParams: dbParams,
    body: json(GroupOperationListSchema),
    success: [204],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Add or remove security groups of a database',
  }),
  defineOperation(
    {
      id: 'databases.archive',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/archive',
      pathParams: dbParams,
      headers: resourceGroupHeaders,
      // Every field of ArchiveRequest is optional; the interface does not mark the body required.
      body: json(ArchiveRequestSchema, false),
      success: [200],
      response: jsonAnswer(ArchiveDatabaseResponseSchema),
      // Answers 200 with a job id (ArchiveDatabaseResponse), so it is watched as a job.
      roles: atLeast('Contributor'),
      summary: 'Archive a database (watched as a job)',
    },
    {
      type: 'ARCHIVE_DATABASE',
      label: ({ pathParams }) => `Archive ${pathParams.databaseName}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
  defineOperation({
    id: 'databases.updateArchive',
    group: 'databases',
    method: 'PATCH',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/archives/{archiveId}',
    pathParams: z.object({ ...databaseParams, archiveId: pathText('archiveId') }),
    headers: resourceGroupHeaders,
    body: json(ArchivePatchSchema),
    success: [200],
    response: noBody,
    // Sets storage type and expiration to given values: repeating it changes nothing.
    idempotent: true,
    roles: atLeast('Contributor'),
    summary: 'Change the storage type and expiration date of an archive',
  }),
] as const;
