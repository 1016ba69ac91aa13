import { z } from 'zod';
import {
  atLeast,
  databaseParams,
  defineOperation,
  instanceParams,
  json,
  jsonAnswer,
} from '../operation';
import { ExportQuerySchema, ImportQuerySchema, PrepareImportQuerySchema } from '../query';
import { EmptyObjectResponseSchema, JobIdResponseSchema } from '../records/common';
import {
  ExportDatabaseResponseSchema,
  ImportDatabasePrepareResponseSchema,
  ImportDatabaseRequestSchema,
  ImportDatabaseResponseSchema,
  MoveDatabaseRequestSchema,
  RenameDatabaseRequestSchema,
  ShrinkDatabaseRequestSchema,
} from '../records/databases';
import { fileTypeNames } from '../enums';
import { ImportDatabaseNameSchema } from '../primitives';

const dbParams = z.object(databaseParams);

/** Operations of the Databases group that start (or prepare) background jobs. */
export const databaseJobOperations = [
  defineOperation(
    {
      id: 'databases.export',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/export',
      pathParams: dbParams,
      query: ExportQuerySchema,
      success: [202],
      response: jsonAnswer(ExportDatabaseResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Export a database to an MDF, BAK or DACPAC file (starts a job)',
    },
    {
      type: 'EXPORT_DATABASE',
      label: ({ pathParams, query }) =>
        `Export ${pathParams.databaseName} to ${fileTypeNames[query.exportTo]}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
  defineOperation({
    id: 'databases.prepareImport',
    group: 'databases',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/import',
    // The interface restricts this name more than create does: no spaces or colons.
    pathParams: z.object({ ...instanceParams, databaseName: ImportDatabaseNameSchema }),
    query: PrepareImportQuerySchema,
    success: [200],
    response: jsonAnswer(ImportDatabasePrepareResponseSchema),
    roles: atLeast('Contributor'),
    summary: 'Get a pre-signed URL to upload a whole database file for import',
  }),
  defineOperation(
    {
      id: 'databases.import',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/import',
      pathParams: dbParams,
      query: ImportQuerySchema,
      // Every field of ImportDatabaseRequest is optional.
      body: json(ImportDatabaseRequestSchema, false),
      success: [202],
      response: jsonAnswer(ImportDatabaseResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Import the last uploaded file into a database (starts a job)',
    },
    {
      type: 'IMPORT_DATABASE',
      // `importFrom` is optional on import, so the label names the file type only when given.
      label: ({ pathParams, query }) =>
        query?.importFrom === undefined
          ? `Import ${pathParams.databaseName}`
          : `Import ${pathParams.databaseName} from ${fileTypeNames[query.importFrom]}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
  defineOperation(
    {
      id: 'databases.move',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/move',
      pathParams: dbParams,
      body: json(MoveDatabaseRequestSchema),
      success: [202],
      // Unlike the other job operations, move answers `{}` and names the MOVE_DATABASE job
      // in the `Location` header (read it with `jobIdFromLocation`).
      response: jsonAnswer(EmptyObjectResponseSchema),
      responseHeaders: ['Location'],
      roles: atLeast('Admin'),
      summary: 'Move a database to another instance of the tenant (starts a job)',
    },
    {
      type: 'MOVE_DATABASE',
      label: ({ pathParams, body }) => `Move ${pathParams.databaseName} to ${body.serverName}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
  defineOperation(
    {
      id: 'databases.rename',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/rename',
      pathParams: dbParams,
      body: json(RenameDatabaseRequestSchema),
      success: [202],
      response: jsonAnswer(JobIdResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Rename a database (starts a job)',
    },
    {
      type: 'RENAME_DATABASE',
      label: ({ pathParams, body }) => `Rename ${pathParams.databaseName} to ${body.name}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
  defineOperation(
    {
      id: 'databases.shrink',
      group: 'databases',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Databases/{databaseName}/shrink',
      pathParams: dbParams,
      // Every field of ShrinkDatabaseRequest is optional (truncateLogsOnly defaults to false).
      body: json(ShrinkDatabaseRequestSchema, false),
      success: [202],
      // The interface names ExportDatabaseResponse here; it is a JobIdResponse like the others.
      response: jsonAnswer(ExportDatabaseResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Shrink a user or system database such as tempdb (starts a job)',
    },
    {
      type: 'SHRINK_DATABASE',
      label: ({ pathParams, body }) =>
        `Shrink ${pathParams.databaseName}${body?.truncateLogsOnly ? ' (logs only)' : ''}`,
      resourceName: ({ pathParams }) => pathParams.databaseName,
    },
  ),
] as const;
