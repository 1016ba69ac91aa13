import { z } from 'zod';
import { CLOCKS } from '../format/times';
import { FailedJobNoticeSchema } from './monitor';
import { UpdateChannelSchema, UpdateModeSchema } from './updates';

/**
 * The app's settings, stored as JSON in the data folder and edited in the settings view.
 * Every field has a default, so an old or partial file still loads.
 */
export const SettingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /**
   * Where the age of a point in time ("5 min ago") goes in tables and the activity panel: on
   * hover (`absolute`, the default), or also beside the date and time (`relative`). The date
   * and time themselves always show.
   */
  timeDisplay: z.enum(['relative', 'absolute']).default('absolute'),
  /** How times of day read: `24h` (`14:03:05`, the default) or as the system's locale has it. */
  clock: z.enum(CLOCKS).default('24h'),
  /**
   * How much a table shows at once: `compact` rows (at most 32 px, the default) or
   * `comfortable` ones (taller, with more space around the text).
   */
  density: z.enum(['compact', 'comfortable']).default('compact'),
  /** Closing the window keeps the app in the tray so transfers and job monitoring go on. */
  closeToTray: z.boolean().default(false),
  /**
   * The app starts when the user signs in to the computer, hidden in the tray with the
   * monitor running (a login item on Windows and macOS, an XDG autostart entry on Linux).
   */
  startAtLogin: z.boolean().default(false),
  /** While a transfer runs, the system does not suspend (a laptop's lid, idle sleep). */
  keepAwakeWhileTransferring: z.boolean().default(true),
  /** Transfers (uploads and downloads) moving bytes at once; the others wait in the queue. */
  transfersAtOnce: z
    .number()
    .int({ error: 'Transfers at once must be a whole number' })
    .min(1, { error: 'Transfers at once must be at least 1' })
    .max(8, { error: 'Transfers at once must be at most 8' })
    .default(2),
  /** Upload parts sent at the same time by one import. */
  partsInFlight: z
    .number()
    .int({ error: 'Parts in flight must be a whole number' })
    .min(1, { error: 'Parts in flight must be at least 1' })
    .max(16, { error: 'Parts in flight must be at most 16' })
    .default(4),
  /**
   * The most connections one large download (an export's or an archive's file) uses at once,
   * each fetching its own byte ranges; the engine opens more than one only where the first is
   * slow. 1 means one connection.
   */
  rangesInFlight: z
    .number()
    .int({ error: 'Connections per download must be a whole number' })
    .min(1, { error: 'Connections per download must be at least 1' })
    .max(16, { error: 'Connections per download must be at most 16' })
    .default(4),
  /**
   * A bandwidth limit in MiB/s shared by every upload and download of the app, applied to
   * running transfers at once; 0 means no limit.
   */
  bandwidthLimitMiBps: z
    .number({ error: 'Bandwidth limit must be a number of MiB/s' })
    .min(0, { error: 'Bandwidth limit must be 0 (no limit) or more' })
    .max(10_000, { error: 'Bandwidth limit must be at most 10000 MiB/s' })
    .refine((value) => value === 0 || value >= 0.1, {
      error: 'Bandwidth limit must be at least 0.1 MiB/s, or 0 for no limit',
    })
    .default(0),
  /**
   * The minimum speed of a request to a storage host, in KiB/s: one that moves less than this
   * on average over the last `minSpeedWindowSeconds` is dropped and tried again, as a broken
   * connection is. Only the time spent waiting on the host counts, never the time our own
   * bandwidth limit or disk holds it. 0 turns it off (a host that sends a byte now and then
   * then keeps a transfer going, without end).
   */
  minSpeedKiBps: z
    .number({ error: 'Minimum speed must be a number of KiB/s' })
    .min(0, { error: 'Minimum speed must be 0 (off) or more' })
    .max(1024, { error: 'Minimum speed must be at most 1024 KiB/s' })
    .default(1),
  /** The window the minimum speed is averaged over, in seconds. */
  minSpeedWindowSeconds: z
    .number()
    .int({ error: 'Minimum speed window must be a whole number of seconds' })
    .min(10, { error: 'Minimum speed window must be at least 10 seconds' })
    .max(3600, { error: 'Minimum speed window must be at most 3600 seconds (1 hour)' })
    .default(60),
  /**
   * An upload reads a copy-on-write clone of its file, made beside it (a hidden
   * `.databridge-clone-…` file) when the upload starts, where the file system can clone it
   * (Btrfs, XFS): a snapshot no writer of the file can change. Elsewhere, or when off, the
   * upload reads the file itself and proves every part before it is completed.
   */
  cloneUploadSources: z.boolean().default(true),
  /** How often the monitor reads the sessions of each watched instance (one request each). */
  sessionRefreshSeconds: z
    .number()
    .int({ error: 'Session refresh must be a whole number of seconds' })
    .min(1, { error: 'Session refresh must be at least 1 second' })
    .max(3600, { error: 'Session refresh must be at most 3600 seconds (1 hour)' })
    .default(5),
  /** A blocking chain older than this raises an alert. */
  blockingAlertSeconds: z
    .number()
    .int({ error: 'Blocking alert must be a whole number of seconds' })
    .min(1, { error: 'Blocking alert must be at least 1 second' })
    .max(86_400, { error: 'Blocking alert must be at most 86400 seconds (1 day)' })
    .default(30),
  /** Which failed jobs of watched instances raise a native notification: all, this app's, none. */
  monitorFailedJobs: FailedJobNoticeSchema.default('all'),
  /**
   * Instances the monitor leaves out, per profile id (by default it watches every instance of
   * every open profile). Changed from the Monitor view and the tree's menu.
   */
  unwatchedInstances: z.record(z.string(), z.array(z.string().min(1)).max(1000)).default({}),
  /** What copying or saving a table writes: the values as the table shows them, or raw. */
  copyValues: z.enum(['shown', 'raw']).default('shown'),
  /**
   * A change whose record the audit trail cannot write before it is sent: `refuse` (the
   * default, it is not sent) or `continue` (it is sent with a warning, and its record says so).
   */
  auditOnFailure: z.enum(['refuse', 'continue']).default('refuse'),
  /** An HTTP(S) proxy for every request; the environment's proxy variables apply when absent. */
  proxyUrl: z
    .url({ protocol: /^https?$/, error: 'Proxy must look like http://proxy.example:3128' })
    .refine((url) => !/^https?:\/\/[^/]*@/i.test(url), {
      error:
        'Put no user name or password in the proxy URL: settings are stored unencrypted. Use the HTTPS_PROXY environment variable for a proxy that needs them.',
    })
    .optional(),
  /**
   * The URL of a PAC file choosing the proxy per host (IT's proxy auto-config); a proxy URL
   * wins over it, and it wins over the environment's and the system's proxy.
   */
  proxyPacUrl: z
    .url({
      protocol: /^https?$/,
      error: 'PAC URL must look like http://wpad.corp.example/proxy.pac',
    })
    .optional(),
  /**
   * How the app updates itself: `auto` (checked at start and daily, downloaded in the
   * background, installed on quit), `manual` (checked when the user asks), `off`. The
   * machine policy's `updates.mode` locks it.
   */
  updateMode: UpdateModeSchema.default('auto'),
  /** Which releases updates offer: `stable`, or `beta` too. The policy's `updates.channel` locks it. */
  updateChannel: UpdateChannelSchema.default('stable'),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A change to some settings; `proxyUrl: null` removes the proxy, `proxyPacUrl: null` the PAC URL. */
export const SettingsPatchSchema = z.strictObject({
  theme: SettingsSchema.shape.theme.unwrap().optional(),
  timeDisplay: SettingsSchema.shape.timeDisplay.unwrap().optional(),
  clock: SettingsSchema.shape.clock.unwrap().optional(),
  density: SettingsSchema.shape.density.unwrap().optional(),
  closeToTray: z.boolean().optional(),
  startAtLogin: z.boolean().optional(),
  keepAwakeWhileTransferring: z.boolean().optional(),
  partsInFlight: SettingsSchema.shape.partsInFlight.unwrap().optional(),
  rangesInFlight: SettingsSchema.shape.rangesInFlight.unwrap().optional(),
  bandwidthLimitMiBps: SettingsSchema.shape.bandwidthLimitMiBps.unwrap().optional(),
  minSpeedKiBps: SettingsSchema.shape.minSpeedKiBps.unwrap().optional(),
  minSpeedWindowSeconds: SettingsSchema.shape.minSpeedWindowSeconds.unwrap().optional(),
  transfersAtOnce: SettingsSchema.shape.transfersAtOnce.unwrap().optional(),
  cloneUploadSources: z.boolean().optional(),
  sessionRefreshSeconds: SettingsSchema.shape.sessionRefreshSeconds.unwrap().optional(),
  copyValues: SettingsSchema.shape.copyValues.unwrap().optional(),
  auditOnFailure: SettingsSchema.shape.auditOnFailure.unwrap().optional(),
  blockingAlertSeconds: SettingsSchema.shape.blockingAlertSeconds.unwrap().optional(),
  monitorFailedJobs: SettingsSchema.shape.monitorFailedJobs.unwrap().optional(),
  unwatchedInstances: SettingsSchema.shape.unwatchedInstances.unwrap().optional(),
  updateMode: SettingsSchema.shape.updateMode.unwrap().optional(),
  updateChannel: SettingsSchema.shape.updateChannel.unwrap().optional(),
  proxyUrl: SettingsSchema.shape.proxyUrl.unwrap().nullable().optional(),
  proxyPacUrl: SettingsSchema.shape.proxyPacUrl.unwrap().nullable().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** The settings of a fresh install. */
export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}
