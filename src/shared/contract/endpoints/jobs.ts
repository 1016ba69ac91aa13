import { z } from 'zod';
import { atLeast, defineOperation, instanceParams, jsonAnswer, pathText } from '../operation';
import {
  JobDetailSchema,
  JobDetailsSchema,
  JobStatusValueSchema,
  JobSummarySchema,
} from '../records/jobs';

const jobParams = { jobId: pathText('jobId') };

/**
 * Operations of the Jobs group. The interface answers 410 Gone, not 404, for a job (or an
 * instance) that does not exist, hence `notFoundStatus: 410`; the client maps it to GONE.
 */
export const jobOperations = [
  defineOperation({
    id: 'jobs.getStatus',
    group: 'jobs',
    method: 'GET',
    service: 'api',
    path: '/v1/Jobs/{jobId}',
    pathParams: z.object(jobParams),
    success: [200],
    // The status comes as a bare string (JSON string or text), e.g. "Processing".
    response: { kind: 'string', schema: JobStatusValueSchema },
    notFoundStatus: 410,
    roles: atLeast('Consumer'),
    summary: 'Show the status of a job',
  }),
  defineOperation({
    id: 'jobs.getDetails',
    group: 'jobs',
    method: 'GET',
    service: 'api',
    path: '/v1/Jobs/{jobId}/details',
    pathParams: z.object(jobParams),
    success: [200],
    response: jsonAnswer(JobDetailsSchema),
    notFoundStatus: 410,
    roles: atLeast('Consumer'),
    summary: 'Show the error of a job, if any',
  }),
  defineOperation({
    id: 'jobs.listByInstance',
    group: 'jobs',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/jobs',
    pathParams: z.object(instanceParams),
    success: [200],
    response: jsonAnswer(z.array(JobSummarySchema)),
    notFoundStatus: 410,
    roles: atLeast('Consumer'),
    summary: 'List the jobs of an instance',
  }),
  defineOperation({
    id: 'jobs.getByInstance',
    group: 'jobs',
    method: 'GET',
    service: 'api',
    path: '/v1/sql-instances/{instanceName}/jobs/{jobId}',
    pathParams: z.object({ ...instanceParams, ...jobParams }),
    success: [200],
    response: jsonAnswer(JobDetailSchema),
    notFoundStatus: 410,
    roles: atLeast('Consumer'),
    summary: 'Show one job of an instance with its progress and download URIs',
  }),
] as const;
