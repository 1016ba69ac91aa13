import { z } from 'zod';
import { atLeast, defineOperation, jsonAnswer } from '../operation';
import { GetMyIpResponseSchema } from '../records/cluster';

/** The client IP operation: any role may ask for its own address. */
export const clientIpOperations = [
  defineOperation({
    id: 'clientIp.get',
    group: 'clientIp',
    method: 'GET',
    service: 'api',
    path: '/v1/MyIp',
    pathParams: z.object({}),
    success: [200],
    response: jsonAnswer(GetMyIpResponseSchema),
    roles: atLeast('Consumer'),
    summary: 'Show your IP address and whether the access control list allows it',
  }),
] as const;
