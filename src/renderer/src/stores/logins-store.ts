import type { WindowAction } from '@shared/ipc/resource-channels';
import { defineStore } from 'pinia';
import type { CreateLoginRequest, Login } from '@shared/contract/records/logins';
import { useIpcClient } from '../api/client';
import { createInstanceList, type InstanceTarget } from '../model/lists/instance-list';

/** Which instance's logins are shown. */
export type LoginTarget = InstanceTarget;

/**
 * The logins of one instance. Create and delete start jobs on the service, which main follows
 * and labels; the list is read again when such a job ends. Actions throw AppError.
 */
export const useLoginsStore = defineStore('logins', () => {
  const client = useIpcClient();
  const list = createInstanceList<Login>({
    viewName: 'the logins view',
    keyOf: (row) => row.name,
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

  /** Creates a login (a job on the service). Answers the job id. */
  async function create(request: CreateLoginRequest): Promise<{ jobId: string }> {
    const { profileId, instanceName } = requireTarget();
    const answer = await client.invoke('logins:create', {
      profileId,
      pathParams: { instanceName },
      body: request,
    });
    pendingJobs.add(answer.jobId);
    await load();
    return answer;
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

  /**
   * Deletes a login (for `action`: a bulk delete); answers the job id when the service answers
   * a job.
   */
  async function remove(
    loginName: string,
    action?: WindowAction,
  ): Promise<{ jobId: string } | undefined> {
    const { profileId, instanceName } = requireTarget();
    const answer = await client.invoke('logins:delete', {
      profileId,
      pathParams: { instanceName, loginName },
      ...(action ? { action } : {}),
    });
    logins.value = logins.value.filter((login) => login.name !== loginName);
    // 204 carries no job: the login is already gone, so the list is read now.
    if (answer) pendingJobs.add(answer.jobId);
    else await load();
    return answer;
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
