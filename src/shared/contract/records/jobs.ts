import { z } from 'zod';
import { JOB_STATUSES, JOB_TYPES, RESOURCE_TYPES } from '../enums';
import { IsoDateStringSchema, ResponseNumberSchema, nullable, openEnum, ours } from '../primitives';

/**
 * A job status as the service sends it. Open: the known values are in `JOB_STATUSES`, and a
 * status we do not know is shown as is and treated as not final (so we keep watching).
 */
export const JobStatusValueSchema = openEnum(JOB_STATUSES);

/** Answer of GET `/v1/Jobs/{jobId}/details` [public]. */
export const JobDetailsSchema = z.looseObject({ error: nullable(z.string()) });

/** An element of the job list of an instance [public hint]; type and resourceType are open. */
export const JobSummarySchema = z.looseObject({
  id: z.string(),
  type: openEnum(JOB_TYPES),
  status: JobStatusValueSchema,
  resourceName: z.string(),
  resourceType: openEnum(RESOURCE_TYPES),
  createTime: IsoDateStringSchema,
  endTime: nullable(IsoDateStringSchema),
  owner: z.string(),
});
/** See {@link JobSummarySchema}. */
export type JobSummary = z.infer<typeof JobSummarySchema>;

/**
 * Answer of GET `/v1/sql-instances/{i}/jobs/{jobId}` [ours beyond JobSummary]: `progress`
 * 0..100, `error`, and the pre-signed `downloadUris` of a succeeded export (they answer HTTP
 * range requests).
 */
export const JobDetailSchema = JobSummarySchema.extend({
  progress: ours(ResponseNumberSchema),
  error: ours(z.string()),
  downloadUris: ours(z.array(z.string())),
});
/** See {@link JobDetailSchema}. */
export type JobDetail = z.infer<typeof JobDetailSchema>;
