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
  CreateLoginRequestSchema,
  CreateLoginResponseSchema,
  DeleteLoginResponseSchema,
  LoginSchema,
  UpdateLoginRequestSchema,
} from '../records/logins';

const loginParams = z.object({ ...instanceParams, loginName: pathText('loginName') });

/** Operations of the Logins group (Contributor and up, records.md "Permissions [ours]"). */
export const loginOperations = [
  defineOperation({
    id: 'logins.list',
    group: 'logins',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Logins',
    pathParams: z.object(instanceParams),
    success: [200],
    response: jsonAnswer(z.array(LoginSchema)),
    roles: atLeast('Contributor'),
    summary: 'List the logins of an instance',
  }),
  defineOperation(
    {
      id: 'logins.create',
      group: 'logins',
      method: 'POST',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Logins',
      pathParams: z.object(instanceParams),
      body: json(CreateLoginRequestSchema),
      success: [202],
      response: jsonAnswer(CreateLoginResponseSchema),
      roles: atLeast('Contributor'),
      summary: 'Create a Consumer or Contributor login (starts a job)',
    },
    {
      type: 'CREATE_LOGIN',
      label: ({ body }) => `Create ${body.role} login ${body.login}`,
      resourceName: ({ body }) => body.login,
    },
  ),
  defineOperation({
    id: 'logins.updatePassword',
    group: 'logins',
    method: 'PATCH',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/Logins/{loginName}',
    pathParams: loginParams,
    body: json(UpdateLoginRequestSchema),
    success: [200],
    response: noBody,
    // Setting the same password twice leaves the same state.
    idempotent: true,
    roles: atLeast('Contributor'),
    summary: 'Change the password of a login',
  }),
  defineOperation(
    {
      id: 'logins.delete',
      group: 'logins',
      method: 'DELETE',
      service: 'api',
      path: '/v1/sql-instances/{instanceName}/Logins/{loginName}',
      pathParams: loginParams,
      success: [200, 202, 204],
      // 200 and 202 carry DeleteLoginResponse (a job id); 204 carries nothing and no job.
      response: { kind: 'json', schema: DeleteLoginResponseSchema, emptyOn: [204] },
      roles: atLeast('Contributor'),
      summary: 'Delete a login (may start a job)',
    },
    {
      type: 'DELETE_LOGIN',
      label: ({ pathParams }) => `Delete login ${pathParams.loginName}`,
      resourceName: ({ pathParams }) => pathParams.loginName,
    },
  ),
] as const;
