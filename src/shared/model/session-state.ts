import { z } from 'zod';

/**
 * Sign-in state of one profile, as the UI shows it in the status bar. Never carries a secret.
 * `expired` means the token could not be refreshed: long work pauses until the user signs in.
 */
const SignInStatusSchema = z.enum(['signedOut', 'signingIn', 'signedIn', 'expired']);

export const SignInStateSchema = z.object({
  profileId: z.string(),
  status: SignInStatusSchema,
  /** 'API key', or the user name of a token sign-in. */
  identity: z.string().optional(),
  /** When the current access token expires (ISO); absent for API keys. */
  expiresAt: z.string().optional(),
  /** Secrets are held for this run only because no keychain works. */
  sessionOnly: z.boolean().default(false),
  /** Why the last sign-in or refresh failed, for the UI. */
  error: z.string().optional(),
});
export type SignInState = z.infer<typeof SignInStateSchema>;
