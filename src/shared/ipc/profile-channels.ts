import { z } from 'zod';
import { GetMyIpResponseSchema } from '../contract/records/cluster';
import { OpenConnectionsSchema } from '../model/open-connections';
import { ProfileInputSchema, ProfileSchema, ProfileSecretInputSchema } from '../model/profile';
import { SignInStateSchema } from '../model/session-state';
import { defineChannel, NoInputSchema, NoOutputSchema } from './channel';

const ProfileIdSchema = z.string().min(1, { error: 'profileId is required' });

/** How the app keeps secrets on this machine. */
const KeychainStatusSchema = z.object({
  /** The OS keychain answered; false means secrets can only be kept for this run. */
  available: z.boolean(),
  /** The user chose to keep secrets in memory for this run. */
  sessionOnly: z.boolean(),
});

/** The stored profiles, and what happened to a damaged profiles file at start-up. */
const ProfileListSchema = z.object({
  profiles: z.array(ProfileSchema),
  damaged: z.object({ movedTo: z.string(), reason: z.string() }).optional(),
});

/** What testing an unsaved connection found; the test keeps nothing (no profile, no secret). */
const ConnectionTestResultSchema = z.object({
  /** Who the service says signed in (token sign-in), when it says. */
  identity: z.string().optional(),
  /** The caller's address and whether the cluster's ACL allows it. */
  myIp: GetMyIpResponseSchema,
  /** How many instances the credentials can see. */
  instanceCount: z.number().int().nonnegative(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;

/**
 * Whether a profile has a team monitor bearer token stored. The token itself never comes back:
 * the editor only learns that there is one.
 */
const TeamMonitorTokenStatusSchema = z.object({ hasToken: z.boolean() });

/** Profile, sign-in and built-in emulator channels. A secret only ever goes in, never out. */
export const profileChannels = {
  'profiles:list': defineChannel({
    input: NoInputSchema,
    output: ProfileListSchema,
    summary: 'The connection profiles',
  }),
  'profiles:create': defineChannel({
    input: ProfileInputSchema,
    output: ProfileSchema,
    summary: 'Create a connection profile',
  }),
  'profiles:update': defineChannel({
    input: z.strictObject({ id: ProfileIdSchema, profile: ProfileInputSchema }),
    output: ProfileSchema,
    summary:
      'Change a connection profile (pointing it at another origin signs it out and deletes its stored secret)',
  }),
  'profiles:duplicate': defineChannel({
    input: z.strictObject({ id: ProfileIdSchema }),
    output: ProfileSchema,
    summary: 'Copy a connection profile (without its secret)',
  }),
  'profiles:delete': defineChannel({
    input: z.strictObject({ id: ProfileIdSchema }),
    output: NoOutputSchema,
    summary: 'Sign out, forget the stored secret and delete a connection profile',
  }),
  'profiles:setTeamMonitorToken': defineChannel({
    input: z.strictObject({
      profileId: ProfileIdSchema,
      /** Typed by the user, stored in the keychain for the team monitor's origin; null: remove. */
      token: z
        .string()
        .trim()
        .min(1, { error: 'Enter the bearer token, or remove it' })
        .max(4096)
        .regex(/^\S+$/, { error: 'The bearer token is one word, without spaces' })
        .nullable(),
    }),
    output: TeamMonitorTokenStatusSchema,
    summary: 'Store (or remove) the bearer token of a profile’s team monitor in the keychain',
  }),
  'profiles:getTeamMonitorTokenStatus': defineChannel({
    input: z.strictObject({ profileId: ProfileIdSchema }),
    output: TeamMonitorTokenStatusSchema,
    summary: 'Whether a profile’s team monitor bearer token is stored (never the token)',
  }),
  'session:connect': defineChannel({
    input: z.strictObject({
      profileId: ProfileIdSchema,
      /** Typed by the user; absent to use the secret stored in the keychain. */
      secret: ProfileSecretInputSchema.optional(),
      /** Store the given secret in the keychain for next time. */
      remember: z.boolean().optional(),
    }),
    output: SignInStateSchema,
    summary: 'Sign in with a profile',
  }),
  'session:test': defineChannel({
    input: z.strictObject({ profile: ProfileInputSchema, secret: ProfileSecretInputSchema }),
    output: ConnectionTestResultSchema,
    summary: 'Test an unsaved connection: sign in, read MyIp and the instances, keep nothing',
  }),
  'session:disconnect': defineChannel({
    input: z.strictObject({ profileId: ProfileIdSchema }),
    output: NoOutputSchema,
    summary: 'Sign out of a profile and close it in the explorer',
  }),
  'session:getStates': defineChannel({
    input: NoInputSchema,
    output: z.array(SignInStateSchema),
    summary: 'The sign-in state of every profile',
  }),
  'session:listOpen': defineChannel({
    input: NoInputSchema,
    output: OpenConnectionsSchema,
    summary: 'The profiles open in the explorer, with how reopening them at start went',
  }),
  'session:open': defineChannel({
    input: z.strictObject({ profileId: ProfileIdSchema }),
    output: OpenConnectionsSchema,
    summary: 'Show a profile in the explorer (remembered for the next start)',
  }),
  'session:close': defineChannel({
    input: z.strictObject({ profileId: ProfileIdSchema }),
    output: OpenConnectionsSchema,
    summary: 'Remove a profile from the explorer (it stays signed in until disconnected)',
  }),
  'session:getKeychainStatus': defineChannel({
    input: NoInputSchema,
    output: KeychainStatusSchema,
    summary: 'Whether the OS keychain works, and whether session-only mode is on',
  }),
  'session:enableSessionOnly': defineChannel({
    input: NoInputSchema,
    output: NoOutputSchema,
    summary: 'Keep secrets in memory for this run because the keychain does not work',
  }),
  'emulator:createProfile': defineChannel({
    input: NoInputSchema,
    output: ProfileSchema,
    summary: 'Create (or find) the built-in "Local emulator" connection profile',
  }),
} as const;
