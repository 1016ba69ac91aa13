import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import { toJobDetail, toJobSummary, type JobRecord } from '../state/jobs';
import type { GroupHandlers } from './types';

/** Fresh pre-signed URLs of a succeeded export (they expire, so each read signs anew). */
function downloads(ctx: EmulatorContext, job: JobRecord): string[] {
  return job.hasDownloads && job.status === 'Succeeded'
    ? ctx.blobs.refreshDownloadUris(job.id)
    : [];
}

/**
 * Handlers of the Jobs group. The interface answers 410 Gone, not 404, for an unknown job,
 * and also for an unknown instance on the two per-instance operations.
 */
export const jobHandlers: GroupHandlers<'jobs'> = {
  'jobs.getStatus': ({ params }, ctx) => ({ body: ctx.state.jobs.require(params.jobId).status }),
  'jobs.getDetails': ({ params }, ctx) => ({
    body: { error: ctx.state.jobs.require(params.jobId).error },
  }),
  'jobs.listByInstance': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName, 410);
    return { body: ctx.state.jobs.listByInstance(instance.name).map(toJobSummary) };
  },
  'jobs.getByInstance': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName, 410);
    const job = ctx.state.jobs.require(params.jobId);
    if (job.instance.toLowerCase() !== instance.name.toLowerCase()) {
      throw new EmulatorHttpError(410, `Job ${params.jobId} does not exist on ${instance.name}.`);
    }
    return { body: toJobDetail(job, ctx.now(), downloads(ctx, job)) };
  },
};
