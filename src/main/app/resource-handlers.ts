import { operationById, type Operation } from '../../shared/contract/catalogue';
import { jobIdFromLocation } from '../../shared/contract/paths';
import { AppError } from '../../shared/errors';
import { resourceChannels, type ResourceChannel } from '../../shared/ipc/resource-channels';
import type { Profile } from '../../shared/model/profile';
import type { ServiceClient } from '../services/http/service-client';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { Logger } from '../services/log/logger';

/** A job the app starts, to follow until it ends. */
export interface StartedJob {
  readonly profileId: string;
  readonly instanceName: string;
  readonly jobId: string;
  readonly label?: string;
  readonly resourceName?: string;
}

/** What the resource handlers need from the services. */
export interface ResourceHandlerDeps {
  readonly profile: (profileId: string) => Profile;
  readonly client: (profileId: string) => ServiceClient;
  readonly trackJob: (job: StartedJob) => void;
  readonly logger: Logger;
}

/** What operations that start a job are called in the activity list. */
const JOB_VERBS: Readonly<Record<string, string>> = {
  'archives.restore': 'Restore archive',
  'databases.export': 'Export',
  'databases.import': 'Import',
  'databases.move': 'Move',
  'databases.rename': 'Rename',
  'databases.shrink': 'Shrink',
  'databases.create': 'Create',
  'databases.archive': 'Archive',
  'logins.create': 'Create login',
  'logins.delete': 'Delete login',
};

type AnyInput = { readonly profileId: string } & Record<string, unknown>;

/**
 * Handlers of the generated resource channels: each calls its catalogue operation on the
 * profile's connection (tokens and keys stay in main). A read-only profile gets FORBIDDEN for
 * anything but GET, checked against the profile as it is now. An operation that starts a
 * background job has the job followed, so it shows in the tray and ends with a notification
 * even though the renderer may not see its id (move answers it in a header).
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
  const { profileId, ...operationInput } = input;
  const profile = deps.profile(profileId);
  if (profile.readOnly && op.method !== 'GET') {
    throw new AppError({
      code: 'FORBIDDEN',
      message: `This connection is read-only, so "${op.summary}" is not allowed. Turn off read-only in the connection's settings to do it.`,
      operation: op.id,
    });
  }
  const client = deps.client(profileId);
  const answer = await client.callWithHeaders(op.id, operationInput);
  if (op.startsJob) trackStarted(deps, op, input, answer);
  return answer.data;
}

function trackStarted(
  deps: ResourceHandlerDeps,
  op: Operation,
  input: AnyInput,
  answer: { headers: Record<string, string>; data: unknown },
): void {
  const params = (input['pathParams'] ?? {}) as Record<string, string | undefined>;
  const body = (input['body'] ?? {}) as Record<string, unknown>;
  const data = (answer.data ?? {}) as { jobId?: unknown };
  const location = answer.headers['location'];
  const jobId =
    typeof data.jobId === 'string'
      ? data.jobId
      : location
        ? jobIdFromLocation(location)
        : undefined;
  const instanceName = params['instanceName'];
  if (!jobId || !instanceName) {
    deps.logger.warn('A job was started but its id is unknown', { operation: op.id });
    return;
  }
  // A restore names the database it makes in its body; that is what the user looks for.
  const resourceName =
    (typeof body['databaseName'] === 'string' ? body['databaseName'] : undefined) ??
    params['databaseName'] ??
    params['loginName'] ??
    params['archiveId'] ??
    (typeof body['name'] === 'string' ? body['name'] : undefined);
  const verb = JOB_VERBS[op.id] ?? op.summary;
  deps.trackJob({
    profileId: input.profileId,
    instanceName,
    jobId,
    label: resourceName ? `${verb} ${resourceName}` : verb,
    ...(resourceName ? { resourceName } : {}),
  });
}
