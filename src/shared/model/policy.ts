import { z } from 'zod';
import { SettingsSchema, type Settings } from './settings';
import { UpdateChannelSchema, UpdateModeSchema } from './updates';

/*
 * The machine policy an organisation deploys (a JSON file in a system folder, or the registry
 * on Windows): default values a user may change, locked values a user may not, and keys that
 * are the organisation's alone (which services may be used, whether changes are allowed, how
 * updates are taken). Where it is read and how it applies: `src/main/services/policy/`.
 */

/** The name of every setting, as the settings schema lists them. */
export type SettingKey = keyof Settings;

/** Every setting's name, in the settings schema's order. */
export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];

/**
 * Some settings, each validated as the settings schema validates it, with no default filled
 * in, and an unknown name refused: a policy naming a setting that does not exist (a typo) is
 * an error, not a key silently ignored. Built from the settings schema, so a setting added
 * there can be defaulted and locked with no change here.
 */
export const PolicySettingsSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(SettingsSchema.shape).map(([key, schema]) => [key, withoutDefault(schema)]),
  ) as { [K in SettingKey]: z.ZodOptional<z.ZodType<Settings[K]>> },
);
/** Some settings a policy defaults or locks. */
export type PolicySettings = Partial<Settings>;

function withoutDefault(schema: z.ZodType): z.ZodOptional<z.ZodType> {
  return innerSchema(schema).optional();
}

/** A schema without its `.default()` and `.optional()` wrappers: what a value must be. */
export function innerSchema(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** The service's regions, as a policy names them. */
const POLICY_REGIONS = ['eu', 'us'] as const;

/** The organisation's mirror of the releases: an https address. */
const MirrorUrlSchema = z.url({
  protocol: /^https$/,
  error: 'updates.url must be an https:// address',
});

/**
 * A mirror on this very machine over plain http (127.0.0.1, [::1], localhost). Only the test
 * folder's policy (DATABRIDGE_POLICY_DIR, read only where the machine has no policy) may name
 * one: the real-OS workflow serves a release from the runner itself, where a certificate
 * would prove nothing. A system policy or the registry must name an https mirror.
 */
const TEST_MIRROR_ERROR =
  'updates.url must be an https:// address (or http:// on this machine, in a test policy)';
const TestMirrorUrlSchema = z
  .url({ protocol: /^https?$/, error: TEST_MIRROR_ERROR })
  .refine((url) => {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || /^(127\.0\.0\.1|localhost|\[::1\])$/.test(hostname);
  }, TEST_MIRROR_ERROR);

/**
 * How updates are taken. `mode` and `channel`, when given, lock the settings `updateMode` and
 * `updateChannel` (as `locked` would); `pinVersion` and `url` are the organisation's alone.
 */
function updatesSchema(url: z.ZodType<string>) {
  return z.strictObject({
    mode: UpdateModeSchema.optional(),
    channel: UpdateChannelSchema.optional(),
    /** The only version to install (none: the newest of the channel). */
    pinVersion: z
      .string()
      .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, {
        error: 'pinVersion must be a version such as 1.4.2',
      })
      .optional(),
    /** An internal mirror of the releases (a generic feed), instead of GitHub's. */
    url: url.optional(),
  });
}

/** A service origin (`https://host[:port]`) the organisation allows; no path. */
const OriginSchema = z
  .url({ protocol: /^https?$/, error: 'A service URL must look like https://host' })
  .transform((url) => new URL(url).origin);

/** The policy file, version 1, with the mirror URL it may name. */
function policySchema(mirrorUrl: z.ZodType<string>) {
  return z
    .strictObject({
      version: z.literal(1, { error: 'version must be 1' }),
      /** Values the app starts with where the user has not chosen; the user may change them. */
      defaults: PolicySettingsSchema.default({}),
      /** Values the user cannot change, in the app or the command line. */
      locked: PolicySettingsSchema.default({}),
      /**
       * The service origins connections may use (a region's too, as `https://api-euw1.rms.com`);
       * with `allowedRegions`, a target either allows is allowed. Neither: every service.
       */
      allowedServiceUrls: z.array(OriginSchema).min(1).max(100).optional(),
      /** The regions connections may use (their hosts), lower case. */
      allowedRegions: z.array(z.enum(POLICY_REGIONS)).min(1).max(2).optional(),
      /**
       * False: a read-only organisation; every operation that changes something on the service
       * (drops, deletes, kills, imports, updates) is refused before it is sent.
       */
      allowDestructive: z.boolean().default(true),
      /** False: terminating a session is refused (the rest may still be allowed). */
      allowSessionKill: z.boolean().default(true),
      /** How updates are taken. Stored and shown; the updater reads it. */
      updates: updatesSchema(mirrorUrl).optional(),
      /** The team monitor (`monitor serve`) the organisation runs, shown and used by the app. */
      teamMonitorUrl: z
        .url({ protocol: /^https?$/, error: 'teamMonitorUrl must look like https://host' })
        .optional(),
    })
    .superRefine((policy, ctx) => {
      for (const problem of updateLockConflicts(policy)) ctx.addIssue(problem);
    });
}

/** The policy file of the system or the registry: an https mirror only. */
export const PolicySchema = policySchema(MirrorUrlSchema);

/** The test folder's policy file: a mirror on this machine over http is allowed too. */
export const TestPolicySchema = policySchema(TestMirrorUrlSchema);

/** The settings that `updates.mode` and `updates.channel` lock, by their key in `updates`. */
export const UPDATE_LOCKS = { mode: 'updateMode', channel: 'updateChannel' } as const;

/** `updates.mode` or `updates.channel` and the same setting in `locked`, set to two values. */
function updateLockConflicts(policy: {
  updates?: { mode?: string | undefined; channel?: string | undefined } | undefined;
  locked: PolicySettings;
}): { code: 'custom'; path: string[]; message: string }[] {
  return (Object.keys(UPDATE_LOCKS) as (keyof typeof UPDATE_LOCKS)[]).flatMap((key) => {
    const setting = UPDATE_LOCKS[key];
    const fromUpdates = policy.updates?.[key];
    const locked = policy.locked[setting];
    if (fromUpdates === undefined || locked === undefined || fromUpdates === locked) return [];
    return [
      {
        code: 'custom' as const,
        path: ['updates', key],
        message: `updates.${key} (${fromUpdates}) and locked.${setting} (${locked}) lock the same setting to two values: keep one`,
      },
    ];
  });
}

export type Policy = z.infer<typeof PolicySchema>;

/** The keys of a policy that are not settings: the organisation's alone. */
export const POLICY_ONLY_KEYS = Object.keys(PolicySchema.shape).filter(
  (key) => !['version', 'defaults', 'locked'].includes(key),
) as (keyof Policy)[];

/** Where a setting's value in force comes from, strongest first. */
export const SETTING_SOURCES = ['locked', 'user', 'policyDefault', 'builtIn'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/**
 * The policy in force, as the app and `databridge policy show` report it: none (`absent`), a
 * valid one, or a bad one (`invalid`), which is ignored as a whole and named with its problems.
 */
export const PolicyStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('absent'), path: z.string() }),
  z.object({
    status: z.literal('ok'),
    path: z.string(),
    // The test folder's policy is in force the same way as the system's.
    policy: TestPolicySchema,
  }),
  z.object({
    status: z.literal('invalid'),
    path: z.string(),
    /** `locked.auditOnFailure: Invalid option...`: zod's path of each problem and its message. */
    problems: z.array(z.string()).min(1),
  }),
]);
export type PolicyState = z.infer<typeof PolicyStateSchema>;

/** The policy in force, or undefined when there is none or it was bad (ignored). */
export function policyInForce(state: PolicyState): Policy | undefined {
  return state.status === 'ok' ? state.policy : undefined;
}
