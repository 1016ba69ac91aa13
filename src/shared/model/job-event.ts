import { z } from 'zod';

/**
 * A job the app follows, as the job watcher reports it. `phase` is the watcher's view:
 * `gone` means the service answered 410 (it no longer knows the job).
 */
const TrackedJobPhaseSchema = z.enum(['running', 'succeeded', 'failed', 'gone']);
export type TrackedJobPhase = z.infer<typeof TrackedJobPhaseSchema>;

export const TrackedJobSchema = z.object({
  profileId: z.string(),
  instanceName: z.string(),
  jobId: z.string(),
  /** Job type as the service names it (IMPORT_DATABASE, ...), when known. */
  type: z.string().optional(),
  /** What the app started it for, e.g. `Export Sales to BAK`. */
  label: z.string().optional(),
  resourceName: z.string().optional(),
  /** The service's status string (Enqueued, Processing, Succeeded, ...). */
  status: z.string(),
  phase: TrackedJobPhaseSchema,
  progress: z.number().nullable().optional(),
  error: z.string().nullable().optional(),
  /** Pre-signed download URLs of a succeeded export (kept in main; never logged). */
  downloadUris: z.array(z.string()).optional(),
  startedByApp: z.boolean(),
  createTime: z.string().optional(),
  endTime: z.string().nullable().optional(),
  updatedAt: z.string(),
});
export type TrackedJob = z.infer<typeof TrackedJobSchema>;

export const JobEventKindSchema = z.enum(['started', 'progress', 'succeeded', 'failed', 'gone']);
export type JobEventKind = z.infer<typeof JobEventKindSchema>;

/** What the job watcher reports; it is never parsed, so it needs no schema of its own. */
export interface JobEvent {
  kind: JobEventKind;
  job: TrackedJob;
}
