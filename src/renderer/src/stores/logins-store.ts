import { defineStore } from 'pinia';
import type { CreateLoginRequest, Login } from '../../../shared/contract/records/logins';
import type { IpcTrackedJob } from '../../../shared/ipc/activity-channels';
import { useIpcClient } from '../api/client';
import { createInstanceList, type InstanceTarget } from './instance-list';

/** Which instance's logins are shown. */
export type LoginTarget = InstanceTarget;

/**
 * The logins of one instance. Create and delete start jobs on the service: they are handed to
 * the job watcher (`jobs:track`) and the list is read again. Actions throw AppError.
 */
export const useLoginsStore = defineStore('logins', () => {
  const client = useIpcClient();
  const list = createInstanceList<Login>({
    viewName: 'the logins view',
    fetch: ({ profileId, instanceName }) =>
      client.invoke('logins:list', { profileId, pathParams: { instanceName } }),
  });
  const { target, items: logins, isLoading, isLoaded, loadError, load, requireTarget } = list;
  /** Jobs this store started; the list is read again when one of them ends. */
  const pendingJobs = new Set<string>();

  client.on('jobs:onDidChange', ({ job }) => {
    if (!pendingJobs.has(job.jobId) || job.phase === 'running') return;
    pendingJobs.delete(job.jobId);
    void load();
  });

  /** Shows the logins of `next` and loads them. */
  async function open(next: LoginTarget): Promise<void> {
    list.select(next);
    await load();
  }

  function track(jobId: string, type: string, label: string, name: string) {
    const { profileId, instanceName } = requireTarget();
    pendingJobs.add(jobId);
    return client.invoke('jobs:track', {
      profileId,
      instanceName,
      jobId,
      type,
      label,
      resourceName: name,
    });
  }

  /** Creates a login (a job on the service) and follows it. */
  async function create(request: CreateLoginRequest): Promise<IpcTrackedJob> {
    const { profileId, instanceName } = requireTarget();
    const answer = await client.invoke('logins:create', {
      profileId,
      pathParams: { instanceName },
      body: request,
    });
    const job = await track(
      answer.jobId,
      'CREATE_LOGIN',
      `Create ${request.role} login ${request.login}`,
      request.login,
    );
    if (job.phase !== 'running') pendingJobs.delete(job.jobId);
    await load();
    return job;
  }

  /** Sets a new password for a login. */
  async function updatePassword(loginName: string, password: string): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('logins:updatePassword', {
      profileId,
      pathParams: { instanceName, loginName },
      body: { password },
    });
  }

  /** Deletes a login; when the service answers a job, it is followed. */
  async function remove(loginName: string): Promise<IpcTrackedJob | undefined> {
    const { profileId, instanceName } = requireTarget();
    const answer = await client.invoke('logins:delete', {
      profileId,
      pathParams: { instanceName, loginName },
    });
    logins.value = logins.value.filter((login) => login.name !== loginName);
    // 204 carries no job: the login is already gone.
    const job = answer
      ? await track(answer.jobId, 'DELETE_LOGIN', `Delete login ${loginName}`, loginName)
      : undefined;
    if (job && job.phase !== 'running') pendingJobs.delete(job.jobId);
    if (!job || job.phase !== 'running') await load();
    return job;
  }

  return {
    target,
    logins,
    isLoading,
    isLoaded,
    loadError,
    load,
    open,
    create,
    updatePassword,
    remove,
  };
});
