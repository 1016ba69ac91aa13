import { z } from 'zod';
import { ErrorCodeSchema } from '../errors';

/**
 * Why main could not reopen a profile that was open when the app last closed. `needsSignIn`:
 * its secret was kept for that session only (or no longer holds for where it points), so the
 * user is asked once. `failed`: signing in with the stored secret did not work (service down,
 * key revoked, keychain locked). `message` says what was tried, what happened and what to do.
 */
const ReopenProblemSchema = z.object({
  kind: z.enum(['needsSignIn', 'failed']),
  code: ErrorCodeSchema,
  message: z.string(),
});
export type ReopenProblem = z.infer<typeof ReopenProblemSchema>;

/** One profile open in the explorer, as main keeps it. Never carries a secret. */
const OpenConnectionSchema = z.object({
  profileId: z.string(),
  /** Main is signing it in again with its stored secret (the app just started). */
  isReopening: z.boolean().default(false),
  /** Why the last reopen did not sign it in; gone once it is signed in. */
  problem: ReopenProblemSchema.optional(),
});
export type OpenConnection = z.infer<typeof OpenConnectionSchema>;

/**
 * The profiles open in the explorer, in the order they were opened: the one list the tree,
 * the tabs and the status bar are built from, in every window and after every reload.
 */
export const OpenConnectionsSchema = z.object({
  connections: z.array(OpenConnectionSchema),
});
export type OpenConnections = z.infer<typeof OpenConnectionsSchema>;
