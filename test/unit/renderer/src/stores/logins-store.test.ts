import { describe, expect, it } from 'vitest';
import type { Login } from '@shared/contract/records/logins';
import { useLoginsStore } from '@renderer/stores/logins-store';
import { fakeIpc, settle } from '../../../../support/renderer/resources-fake-ipc';

const target = { profileId: 'p1', instanceName: 'sql-eu-dev-01' };
const login = (name: string): Login => ({
  name,
  role: 'Consumer',
  status: 'Enabled',
  owner: 'admin',
});

function service(initial: Login[]) {
  const state = { logins: [...initial] };
  const ipc = fakeIpc({
    'logins:list': () => state.logins,
    'logins:create': () => ({ jobId: 'job-create' }),
    'logins:updatePassword': () => undefined,
    'logins:delete': (input) =>
      (input as { pathParams: { loginName: string } }).pathParams.loginName === 'quick'
        ? undefined // 204: gone at once, no job
        : { jobId: 'job-delete' },
  });
  return { state, ipc };
}

describe('useLoginsStore', () => {
  it('lists the logins of the instance it is opened on', async () => {
    const { ipc } = service([login('etl_loader'), login('report_reader')]);
    const store = useLoginsStore();
    await store.open(target);
    expect(ipc.callsTo('logins:list')).toEqual([
      { profileId: 'p1', pathParams: { instanceName: 'sql-eu-dev-01' } },
    ]);
    expect(store.logins.map((l) => l.name)).toEqual(['etl_loader', 'report_reader']);
    expect(store.isLoaded).toBe(true);
  });

  // Main tracks and labels the job (test/unit/main/app/resource-handlers.jobs.test.ts).
  it('creates a login as a job and reads the list again when the job ends', async () => {
    const { state, ipc } = service([]);
    const store = useLoginsStore();
    await store.open(target);
    const job = await store.create({
      login: 'app_user',
      password: 'S3cret!pass',
      role: 'Contributor',
    });
    expect(job.jobId).toBe('job-create');
    expect(ipc.callsTo('logins:create')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-dev-01' },
        body: { login: 'app_user', password: 'S3cret!pass', role: 'Contributor' },
      },
    ]);
    expect(ipc.callsTo('jobs:track')).toEqual([]);
    const listsBefore = ipc.callsTo('logins:list').length;
    state.logins = [login('app_user')];
    ipc.emit('jobs:onDidChange', {
      kind: 'progress',
      job: { jobId: 'job-create', phase: 'running' },
    });
    ipc.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: { jobId: 'other', phase: 'succeeded' },
    });
    await settle();
    expect(ipc.callsTo('logins:list')).toHaveLength(listsBefore);
    ipc.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: { jobId: 'job-create', phase: 'succeeded' },
    });
    await settle();
    expect(ipc.callsTo('logins:list')).toHaveLength(listsBefore + 1);
    expect(store.logins.map((l) => l.name)).toEqual(['app_user']);
  });

  it('changes a password', async () => {
    const { ipc } = service([login('etl_loader')]);
    const store = useLoginsStore();
    await store.open(target);
    await store.updatePassword('etl_loader', 'N3w!password');
    expect(ipc.callsTo('logins:updatePassword')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-dev-01', loginName: 'etl_loader' },
        body: { password: 'N3w!password' },
      },
    ]);
  });

  it('deletes a login: a job is waited for, a 204 reads the list at once', async () => {
    const { ipc } = service([login('slow'), login('quick')]);
    const store = useLoginsStore();
    await store.open(target);
    const job = await store.remove('slow');
    expect(job?.jobId).toBe('job-delete');
    expect(store.logins.map((l) => l.name)).toEqual(['quick']);
    const listsBefore = ipc.callsTo('logins:list').length;
    expect(await store.remove('quick')).toBeUndefined();
    expect(ipc.callsTo('logins:list')).toHaveLength(listsBefore + 1);
    expect(ipc.callsTo('jobs:track')).toEqual([]);
  });
});
