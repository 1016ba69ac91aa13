import { z } from 'zod';
import {
  atLeast,
  databaseParams,
  defineOperation,
  instanceParams,
  jsonAnswer,
  noBody,
} from '../operation';
import { ListSessionsQuerySchema } from '../query';
import { SessionSchema } from '../records/sessions';

/** The server process ID of a session; `Session.sessionId` is a number, so both are accepted. */
const spid = z.coerce
  .string<string | number>()
  .regex(/^\d+$/, { error: 'spid must be a server process ID (a whole number)' });

/**
 * Operations of the Sessions group. Consumers see sessions of the databases they can access;
 * terminating a session is Admin-only (records.md "Permissions [ours]").
 */
export const sessionOperations = [
  defineOperation({
    id: 'sessions.list',
    group: 'sessions',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/sessions',
    pathParams: z.object(instanceParams),
    query: ListSessionsQuerySchema,
    success: [200],
    response: jsonAnswer(z.array(SessionSchema)),
    roles: atLeast('Consumer'),
    summary: 'List the sessions on an instance (with an optional filter)',
  }),
  defineOperation({
    id: 'sessions.listByDatabase',
    group: 'sessions',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/databases/{databaseName}/sessions',
    pathParams: z.object(databaseParams),
    success: [200],
    response: jsonAnswer(z.array(SessionSchema)),
    roles: atLeast('Consumer'),
    summary: 'List the sessions on a database',
  }),
  defineOperation({
    id: 'sessions.killByDatabase',
    group: 'sessions',
    method: 'DELETE',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/databases/{databaseName}/sessions/{spid}',
    pathParams: z.object({ ...databaseParams, spid }),
    success: [200, 204],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Terminate a session on a database',
  }),
  defineOperation({
    id: 'sessions.kill',
    group: 'sessions',
    method: 'DELETE',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/sessions/{spid}',
    pathParams: z.object({ ...instanceParams, spid }),
    success: [200, 204],
    response: noBody,
    roles: atLeast('Admin'),
    summary: 'Terminate a session on an instance',
  }),
] as const;
