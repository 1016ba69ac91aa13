import { operationById, type Operation } from '../../shared/contract/catalogue';
import { describeJob } from '../../shared/contract/job-declaration';
import { jobIdFromLocation } from '../../shared/contract/paths';
import { AppError } from '../../shared/errors';
import {
  resourceChannels,
  type ResourceChannel,
  type WindowAction,
} from '../../shared/ipc/resource-channels';
import type { Profile } from '../../shared/model/profile';
import type { ServiceClient } from '../services/http/service-client';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { Logger } from '../services/log/logger';
import { withoutPresignedQueries } from './presigned-answers';

/** A job the app starts, to follow until it ends, as its catalogue declaration describes it. */
export interface StartedJob {
  readonly profileId: string;
  readonly instanceName: string;
  readonly jobId: string;
  readonly type: string;
  readonly label: string;
  readonly resourceName: string;
}

/** What the resource handlers need from the services. */
export interface ResourceHandlerDeps {
  readonly profile: (profileId: string) => Profile;
  readonly client: (profileId: string) => ServiceClient;
  readonly trackJob: (job: StartedJob) => void;
  readonly logger: Logger;
}

type AnyInput = { readonly profileId: string } & Record<string, unknown>;

/**
 * Handlers of the generated resource channels: each calls its catalogue operation on the
 * profile's connection (tokens and keys stay in main). A read-only profile gets FORBIDDEN for
 * anything but GET, checked against the profile as it is now. An operation that starts a
 * background job has the job followed, labelled as its catalogue declaration says (see
 * `JobDeclaration`), so it shows in the activity panel and the tray and ends with a
 * notification; the renderer does not track jobs, and may not even see the id (move answers
 * it in a header). Pre-signed download URIs reach the renderer without their signature (see
 * presigned-answers.ts).
 */
export function createResourceHandlers(
  deps: ResourceHandlerDeps,
): Pick<IpcHandlers, ResourceChannel> {
  const handlers: Record<string, (input: AnyInput) => Promise<unknown>> = {};
  for (const [channel, def] of Object.entries(resourceChannels)) {
    const op = operationById(def.operationId);
    handlers[channel] = (input) => callOperation(deps, op, input);
  }
  // One generic function serves every channel; the router has checked each input against
  // its channel's schema, which is what the per-channel types describe.
  return handlers as unknown as Pick<IpcHandlers, ResourceChannel>;
}

async function callOperation(
  deps: ResourceHandlerDeps,
  op: Operation,
  input: AnyInput,
): Promise<unknown> {
  const { profileId, action, ...operationInput } = input;
  const profile = deps.profile(profileId);
  if (profile.readOnly && op.method !== 'GET') {
    throw new AppError({
      code: 'FORBIDDEN',
      message: `This connection is read-only, so "${op.summary}" is not allowed. Turn off read-only in the connection's settings to do it.`,
      operation: op.id,
    });
  }
  const client = deps.client(profileId);
  // The bulk action the call is one of, if any: the audit trail groups its calls by it.
  const options = action ? { action: action as WindowAction } : {};
  const answer = await client.callWithHeaders(op.id, operationInput, options);
  if (op.startsJob) trackStarted(deps, op, input, answer);
  return withoutPresignedQueries(answer.data);
}

function trackStarted(
  deps: ResourceHandlerDeps,
  op: Operation,
  input: AnyInput,
  answer: { headers: Record<string, string>; data: unknown },
): void {
  const { profileId, action: _action, ...operationInput } = input;
  const params = (input['pathParams'] ?? {}) as Record<string, string | undefined>;
  const data = (answer.data ?? {}) as { jobId?: unknown };
  const location = answer.headers['location'];
  const jobId =
    typeof data.jobId === 'string'
      ? data.jobId
      : location
        ? jobIdFromLocation(location)
        : undefined;
  const instanceName = params['instanceName'];
  const job = describeJob(op, operationInput);
  if (!job) return;
  if (!jobId || !instanceName) {
    deps.logger.warn('A job was started but its id is unknown', { operation: op.id });
    return;
  }
  deps.trackJob({ profileId, instanceName, jobId, ...job });
}
