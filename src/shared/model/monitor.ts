import { z } from 'zod';
import { SessionSchema } from '../contract/records/sessions';

/*
 * The always-on monitor: main samples the sessions of every watched instance at the settings
 * interval (one request per instance per interval, whoever looks), detects blocking, follows
 * the instance's jobs, and keeps a bounded history. Views, the tray and notifications read
 * what these schemas describe; none of them asks the service itself.
 */

/** An instance of a profile. */
export const MonitorInstanceRefSchema = z.strictObject({
  profileId: z.string().min(1, { error: 'profileId is required' }),
  instanceName: z.string().min(1, { error: 'instanceName is required' }),
});
export type MonitorInstanceRef = z.infer<typeof MonitorInstanceRefSchema>;

/** One sample of one instance: what a chart draws, one per interval. */
export const MonitorSampleSchema = z.object({
  /** When the sessions were read (epoch ms). */
  at: z.number(),
  sessions: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  sleeping: z.number().int().nonnegative(),
  /** Sessions waiting on another session. */
  blocked: z.number().int().nonnegative(),
  headBlockers: z.number().int().nonnegative(),
  /** The longest wait of a blocked session, ms (0 when none is blocked). */
  longestWaitMs: z.number().nonnegative(),
  /** The deepest blocking chain (0 when none; 1 when a head blocks directly). */
  chainDepth: z.number().int().nonnegative(),
  jobsRunning: z.number().int().nonnegative(),
  /** Jobs that ended Failed since the previous sample. */
  jobsFailed: z.number().int().nonnegative(),
});
export type MonitorSample = z.infer<typeof MonitorSampleSchema>;

/**
 * A sample's counts and peaks, in the order the history file writes them (after `at`, before
 * `jobsFailed`): a thinned chart keeps the maximum of each, and sums the failed jobs.
 */
export const MONITOR_SAMPLE_PEAKS = [
  'sessions',
  'running',
  'sleeping',
  'blocked',
  'headBlockers',
  'longestWaitMs',
  'chainDepth',
  'jobsRunning',
] as const satisfies readonly (keyof MonitorSample)[];

/** One head blocker, as alerts and the Monitor view name it. */
const HeadBlockerSchema = z.object({
  sessionId: z.number().int(),
  loginName: z.string().optional(),
  loginTime: z.string().optional(),
  hostName: z.string().nullable().optional(),
  programName: z.string().nullable().optional(),
  /** Sessions blocked beneath it, directly or through others. */
  blockedCount: z.number().int().nonnegative(),
  /** How long it has been blocking: the longest wait beneath it, ms. */
  blockingMs: z.number().nonnegative(),
  /** Its deepest chain. */
  depth: z.number().int().nonnegative(),
});
export type HeadBlocker = z.infer<typeof HeadBlockerSchema>;

/**
 * What an instance's monitoring is like now. `ok`: sampled, nothing blocks past the
 * threshold; `blocking`: a head blocker passed it; `stale`: the last samples failed (network,
 * 5xx), the data is from `lastSampleAt`; `signedOut`: the profile is not signed in; `starting`:
 * no sample yet.
 */
const MonitorHealthSchema = z.enum(['starting', 'ok', 'blocking', 'stale', 'signedOut']);
export type MonitorHealth = z.infer<typeof MonitorHealthSchema>;

/** The live state of one watched instance. */
export const InstanceMonitorStateSchema = z.object({
  profileId: z.string(),
  instanceName: z.string(),
  health: MonitorHealthSchema,
  /** The last sample taken; undefined before the first. */
  latest: MonitorSampleSchema.optional(),
  /** Head blockers of the last sample, most blocking first (at most 20). */
  heads: z.array(HeadBlockerSchema),
  /** Since when the samples fail (epoch ms), while `stale`. */
  staleSince: z.number().optional(),
  /** Why the last sample failed: the error's message, for the row's tooltip. */
  problem: z.string().optional(),
  /** When the next sample is due (epoch ms): later than the interval while backing off. */
  nextSampleAt: z.number().optional(),
  /** The team monitor the samples are read from, when the profile uses one (not the service). */
  teamMonitorUrl: z.string().optional(),
});
export type InstanceMonitorState = z.infer<typeof InstanceMonitorStateSchema>;

/** A blocking event on the time axis: a head blocker passed the threshold at `at`. */
const BlockingMarkSchema = z.object({
  at: z.number(),
  sessionId: z.number().int(),
  blockedCount: z.number().int().nonnegative(),
  blockingMs: z.number().nonnegative(),
});
export type BlockingMark = z.infer<typeof BlockingMarkSchema>;

/** A time range of the history views. */
export const MonitorRangeSchema = z.enum(['15m', '1h', '24h']);
export type MonitorRange = z.infer<typeof MonitorRangeSchema>;

/** The length of each range, ms. */
export const MONITOR_RANGE_MS: Readonly<Record<MonitorRange, number>> = {
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '24h': 24 * 60 * 60_000,
};

/** The history of one instance over a range. */
export const MonitorHistorySchema = z.object({
  profileId: z.string(),
  instanceName: z.string(),
  range: MonitorRangeSchema,
  samples: z.array(MonitorSampleSchema),
  marks: z.array(BlockingMarkSchema),
});
export type MonitorHistory = z.infer<typeof MonitorHistorySchema>;

/** The sessions of the last sample of an instance: what the Sessions view shows. */
export const MonitorSessionsSchema = z.object({
  profileId: z.string(),
  instanceName: z.string(),
  /** When they were read (epoch ms); undefined before the first sample. */
  takenAt: z.number().optional(),
  health: MonitorHealthSchema,
  problem: z.string().optional(),
  sessions: z.array(SessionSchema),
});
export type MonitorSessions = z.infer<typeof MonitorSessionsSchema>;

/** A blocking alert: raised in the window, as a native notification and in the tray. */
export const BlockingAlertSchema = z.object({
  profileId: z.string(),
  instanceName: z.string(),
  thresholdSeconds: z.number(),
  /** The head blockers that passed the threshold since the last alert (most blocking first). */
  heads: z.array(HeadBlockerSchema),
  at: z.number(),
});
export type BlockingAlert = z.infer<typeof BlockingAlertSchema>;

/** Which failed jobs raise a native notification. */
export const FailedJobNoticeSchema = z.enum(['all', 'app', 'none']);
export type FailedJobNotice = z.infer<typeof FailedJobNoticeSchema>;
