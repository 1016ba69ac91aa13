import { z } from 'zod';
import {
  InstanceMonitorStateSchema,
  MonitorInstanceRefSchema,
  MonitorSampleSchema,
  MonitorSessionsSchema,
} from './monitor';

/*
 * The JSON of `databridge monitor serve`: the headless monitor's answers, shaped as the app's
 * monitor gives them to the window (the Monitor view's list, an instance's last sessions), so
 * an app pointed at a team's monitor can read them instead of asking the service itself.
 * `profileId` is the connection's name in the server's configuration.
 */

/** Where an instance's service is: `EU`, `US`, or `custom` for a base URL of its own. */
const RegionLabelSchema = z.string().min(1);

/** One watched instance: its live state, as the Monitor view lists it, and its region. */
const ServedInstanceSchema = InstanceMonitorStateSchema.extend({ region: RegionLabelSchema });

/** `GET /api/v1/instances`: the watched instances and the ones left out. */
export const ServedInstancesSchema = z.object({
  /** When the answer was made (epoch ms). */
  generatedAt: z.number(),
  /** The sampling interval, seconds. */
  intervalSeconds: z.number().positive(),
  watched: z.array(ServedInstanceSchema),
  unwatched: z.array(MonitorInstanceRefSchema),
});
export type ServedInstances = z.infer<typeof ServedInstancesSchema>;

/**
 * `GET /api/v1/instances/{profile}/{instance}/sessions`: the sessions of the last sample, with
 * that sample's counts (`latest`, absent before the first), so a reader gets the job counts
 * the server's job watcher kept without asking the service for jobs.
 */
export const ServedSessionsSchema = MonitorSessionsSchema.extend({
  region: RegionLabelSchema,
  latest: MonitorSampleSchema.optional(),
});
export type ServedSessions = z.infer<typeof ServedSessionsSchema>;

/**
 * `GET /healthz`: `ok` while every watched instance has a sample younger than
 * `staleAfterSeconds`; `starting` before any instance is watched and sampled; `stale` otherwise,
 * naming the instances whose samples are old or missing.
 */
export const ServedHealthSchema = z.object({
  status: z.enum(['ok', 'starting', 'stale']),
  generatedAt: z.number(),
  staleAfterSeconds: z.number().positive(),
  instances: z.number().int().nonnegative(),
  stale: z.array(MonitorInstanceRefSchema),
});
export type ServedHealth = z.infer<typeof ServedHealthSchema>;

/** The body of an error answer of the JSON API. */
export const ServedErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ServedError = z.infer<typeof ServedErrorSchema>;
