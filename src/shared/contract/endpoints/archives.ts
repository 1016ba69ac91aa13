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
import { ListArchivesQuerySchema } from '../query';
import {
  ArchivesDetailSchema,
  ArchivesResponseSchema,
  RestoreArchiveRequestSchema,
} from '../records/archives';
import { ImportDatabaseResponseSchema } from '../records/databases';

const archiveParams = z.object({ ...instanceParams, archiveId: pathText('archiveId') });

/** Operations of the Archives group. */
export const archiveOperations = [
  defineOperation({
    id: 'archives.list',
    group: 'archives',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Archives',
    pathParams: z.object(instanceParams),
    // `offset` is a page number, not a row offset; see ListArchivesQuerySchema.
    query: ListArchivesQuerySchema,
    success: [200],
    response: jsonAnswer(z.array(ArchivesResponseSchema)),
    roles: atLeast('Consumer'),
    summary: 'List the archives of databases hosted on an instance (filter, sort, page)',
  }),
  defineOperation({
    id: 'archives.get',
    group: 'archives',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Archives/{archiveId}',
    pathParams: archiveParams,
    success: [200],
    response: jsonAnswer(ArchivesDetailSchema),
    roles: atLeast('Consumer'),
    summary: 'Show one archive, with its download URIs',
  }),
  defineOperation({
    id: 'archives.delete',
    group: 'archives',
    method: 'DELETE',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Archives/{archiveId}',
    pathParams: archiveParams,
    success: [200, 204],
    response: noBody,
    roles: atLeast('Contributor'),
    summary: 'Delete an archive',
  }),
  defineOperation(
    {
      id: 'archives.restore',
      group: 'archives',
      method: 'POST',
      service: 'api',
      // The instance is the one that originally hosted the archived database.
      path: '/v1/sql-instances/{instanceName}/Archives/{archiveId}/restore',
      pathParams: archiveParams,
      body: json(RestoreArchiveRequestSchema),
      success: [202],
      response: jsonAnswer(ImportDatabaseResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Restore a database from an archive on the instance that hosted it (starts a job)',
    },
    {
      type: 'RESTORE_ARCHIVE',
      // The input names the archive by its id only (a UUID, meaningless in a list); the
      // database the restore makes is what the user knows and looks for.
      label: ({ body }) => `Restore archive into ${body.databaseName}`,
      resourceName: ({ body }) => body.databaseName,
    },
  ),
] as const;
