import { z } from 'zod';
import { ResponseNumberSchema, requiredText } from '../primitives';

/** Body of POST `{auth_url}/login/implicit`: all three fields are required. */
export const TokenLoginRequestSchema = z.strictObject({
  tenantName: requiredText('Tenant name'),
  username: requiredText('User name'),
  password: requiredText('Password'),
});

/** Body of POST `{auth_url}/login/refresh`: the current refresh token. */
export const TokenRefreshRequestSchema = z.strictObject({
  refreshToken: requiredText('Refresh token'),
});

/**
 * Answer of login and refresh [public]. `tokenType` and `expiresIn` (seconds) may be missing;
 * an access token then lives one hour, as the interface says.
 */
export const TokenResponseSchema = z.looseObject({
  accessToken: z.string(),
  idToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.string().nullish(),
  expiresIn: ResponseNumberSchema.nullish(),
});
/** See {@link TokenResponseSchema}. */
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Lifetime of an access token when the answer does not say (interface: one hour). */
export const ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
