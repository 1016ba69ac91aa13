import { describe, expect, it } from 'vitest';
import type { Login } from '../../../src/shared/contract/records/logins';
import { useLoginsStore } from '../../../src/renderer/src/stores/logins-store';
import { fakeIpc, settle } from './resources-fake-ipc';

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
    'jobs:track': (input) => ({ ...(input as object), phase: 'running' }),
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

  it('creates a login as a followed job and reads the list again when the job ends', async () => {
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
    expect(ipc.callsTo('jobs:track')).toEqual([
      {
        profileId: 'p1',
        instanceName: 'sql-eu-dev-01',
        jobId: 'job-create',
        type: 'CREATE_LOGIN',
        label: 'Create Contributor login app_user',
        resourceName: 'app_user',
      },
    ]);
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

  it('deletes a login: a job is followed, a 204 is not', async () => {
    const { ipc } = service([login('slow'), login('quick')]);
    const store = useLoginsStore();
    await store.open(target);
    const job = await store.remove('slow');
    expect(job?.jobId).toBe('job-delete');
    expect(store.logins.map((l) => l.name)).toEqual(['quick']);
    expect(await store.remove('quick')).toBeUndefined();
    expect(ipc.callsTo('jobs:track')).toHaveLength(1);
  });
});
