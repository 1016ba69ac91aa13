import { z } from 'zod';
import { RegionSchema } from '../contract/enums';

/*
 * Connection profiles as the app stores and shows them. A profile never holds a secret: the
 * API key, password and tokens live in the OS keychain, keyed by the profile id.
 */

/** Where a profile connects: a region of the service, or a custom base URL (emulator, private). */
export const ProfileTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('region'), region: RegionSchema }),
  z.strictObject({
    kind: z.literal('custom'),
    baseUrl: z.url({ protocol: /^https?$/, error: 'Enter a URL such as https://host/databridge' }),
  }),
]);
export type ProfileTarget = z.infer<typeof ProfileTargetSchema>;

/**
 * A team's headless monitor (`databridge monitor serve`) that the app reads instead of
 * sampling the service itself, so the service's reads do not grow with the number of admins.
 * The bearer token it may ask for is a secret: it lives in the keychain, never here. A URL
 * with a user name or password in it is refused, as that would put a secret in this file.
 */
export const TeamMonitorSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'Enter a URL such as https://monitor.example:9464' })
    .refine((text) => !/^[a-z]+:\/\/[^/?#]*@/i.test(text), {
      error: 'Leave the user name and password out of the URL; the token is asked for below.',
    }),
});

/** How a profile signs in. The secret itself (key or password) is never part of a profile. */
export const ProfileAuthSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('apiKey') }),
  z.strictObject({
    kind: z.literal('token'),
    tenantName: z.string().trim().min(1, { error: 'Tenant name is required' }).max(200),
    userName: z.string().trim().min(1, { error: 'User name is required' }).max(200),
  }),
]);

/** A colour as #rrggbb, shown as the profile's badge. */
const ProfileColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Colour must look like #1f6feb' });

/** What the user edits. */
export const ProfileInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(80),
  target: ProfileTargetSchema,
  auth: ProfileAuthSchema,
  color: ProfileColorSchema.default('#1f6feb'),
  readOnly: z.boolean().default(false),
  /** The built-in local emulator connection (started by the app on connect). */
  isEmulator: z.boolean().default(false),
  /** `x-platform-resource-group-id` remembered for archive operations (a GUID). */
  resourceGroupId: z.guid({ error: 'Resource group id must be a GUID' }).optional(),
  /** Read the monitor's samples from a team monitor instead of polling the service. */
  teamMonitor: TeamMonitorSchema.optional(),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** A stored profile. */
export const ProfileSchema = ProfileInputSchema.extend({
  id: z.string().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The file the profiles are stored in. */
export const ProfilesFileSchema = z.strictObject({
  version: z.literal(1),
  profiles: z.array(ProfileSchema),
});
export type ProfilesFile = z.infer<typeof ProfilesFileSchema>;

/** The secrets a profile may need, as the user types them to connect (never stored in files). */
export const ProfileSecretInputSchema = z.union([
  z.strictObject({ apiKey: z.string().min(1, { error: 'API key is required' }) }),
  z.strictObject({ password: z.string().min(1, { error: 'Password is required' }) }),
]);
export type ProfileSecretInput = z.infer<typeof ProfileSecretInputSchema>;
