import { EmulatorHttpError } from '../http-error';
import type { GroupHandlers } from './types';

/** Handlers of the token-issuing service (`/sml/auth/v1`). */
export const authHandlers: GroupHandlers<'auth'> = {
  'auth.loginImplicit': ({ body }, ctx) => ({
    body: ctx.auth.login(body.tenantName, body.username, body.password),
  }),
  'auth.refresh': ({ body }, ctx) => {
    // The `tokenRefresh` one-shot: this refresh fails as if the token had been revoked.
    if (ctx.faults.takeRefreshFault()) {
      throw new EmulatorHttpError(401, 'The refresh failed (fault injected): log in again.');
    }
    return { body: ctx.auth.refresh(body.refreshToken) };
  },
};
