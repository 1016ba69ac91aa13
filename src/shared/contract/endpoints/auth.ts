import { z } from 'zod';
import { atLeast, defineOperation, json, jsonAnswer } from '../operation';
import {
  TokenLoginRequestSchema,
  TokenRefreshRequestSchema,
  TokenResponseSchema,
} from '../records/auth';

/**
 * Operations of the token-issuing service (`{auth_url}`). They carry no `Authorization`
 * header and precede any role, so `roles` lists every role. Their status codes are not
 * shown by the interface; 200 is ours. Tenants with single sign-on cannot use them.
 */
export const authOperations = [
  defineOperation({
    id: 'auth.loginImplicit',
    group: 'auth',
    method: 'POST',
    service: 'auth',
    path: '/login/implicit',
    pathParams: z.object({}),
    body: json(TokenLoginRequestSchema),
    success: [200],
    response: jsonAnswer(TokenResponseSchema),
    // Not idempotent: a replayed password attempt may count towards the tenant's lock-out.
    roles: atLeast('Consumer'),
    summary: 'Log in with tenant, user name and password to get tokens',
  }),
  defineOperation({
    id: 'auth.refresh',
    group: 'auth',
    method: 'POST',
    service: 'auth',
    path: '/login/refresh',
    pathParams: z.object({}),
    body: json(TokenRefreshRequestSchema),
    success: [200],
    response: jsonAnswer(TokenResponseSchema),
    // Not idempotent: a refresh token may be rotated (used up) by the first attempt.
    roles: atLeast('Consumer'),
    summary: 'Get a new token set from a refresh token',
  }),
] as const;
