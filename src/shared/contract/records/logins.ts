import { z } from 'zod';
import { LoginRoleSchema, ROLES } from '../enums';
import { openEnum, requiredText } from '../primitives';
import { JobIdResponseSchema } from './common';

/** Maximum length of a login name (records.md). */
export const MAX_LOGIN_NAME_LENGTH = 20;
/** Maximum length of a login password (records.md). */
export const MAX_LOGIN_PASSWORD_LENGTH = 128;

/** A login on an instance [public]; role and status are open strings. */
export const LoginSchema = z.looseObject({
  name: z.string(),
  role: openEnum(ROLES),
  status: z.string(),
  owner: z.string(),
});
/** See {@link LoginSchema}. */
export type Login = z.infer<typeof LoginSchema>;

const PasswordSchema = requiredText('Password', MAX_LOGIN_PASSWORD_LENGTH);

/** Body of create login [public]. Only Consumer and Contributor logins can be created. */
export const CreateLoginRequestSchema = z.strictObject({
  login: requiredText('Login name', MAX_LOGIN_NAME_LENGTH),
  password: PasswordSchema,
  role: LoginRoleSchema,
});
/** See {@link CreateLoginRequestSchema}. */
export type CreateLoginRequest = z.infer<typeof CreateLoginRequestSchema>;

/** Answer of create login (202): a JobIdResponse. */
export const CreateLoginResponseSchema = JobIdResponseSchema;

/** Body of the login PATCH [public]: the new password. */
export const UpdateLoginRequestSchema = z.strictObject({ password: PasswordSchema });

/** Answer of delete login with 200 or 202 (204 has no body): a JobIdResponse. */
export const DeleteLoginResponseSchema = JobIdResponseSchema;
