import { describe, expect, it } from 'vitest';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { IpcTrackedJob } from '@shared/ipc/activity-channels';
import { jobStatusGroup } from '@renderer/model/display/job-format';
import { useJobsStore } from '@renderer/stores/jobs-store';
import { activityIpc } from '../../../../support/renderer/activity-fake-ipc';

const target = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };

function tracked(jobId: string, patch: Partial<IpcTrackedJob> = {}): IpcTrackedJob {
  return {
    ...target,
    jobId,
    type: 'EXPORT_DATABASE',
    label: `Export ${jobId}`,
    status: 'Processing',
    phase: 'running',
    startedByApp: true,
    createTime: '2026-07-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    ...patch,
  };
}

function summary(id: string, patch: Partial<JobSummary> = {}): JobSummary {
  return {
    id,
    type: 'EXPORT_DATABASE',
    status: 'Processing',
    resourceName: 'Sales',
    resourceType: 'Database',
    createTime: '2026-07-01T10:00:00.000Z',
    endTime: null,
    owner: 'admin',
    ...patch,
  };
}

describe('jobStatusGroup', () => {
  it('puts unknown statuses with the running ones', () => {
    expect(jobStatusGroup('Failed')).toBe('failed');
    expect(jobStatusGroup('Succeeded')).toBe('finished');
    expect(jobStatusGroup('Deleted')).toBe('finished');
    expect(jobStatusGroup('Enqueued')).toBe('running');
    expect(jobStatusGroup('Rebalancing')).toBe('running');
  });
});

describe('useJobsStore', () => {
  it('lists the jobs the app started and keeps the finished ones across a restart', async () => {
    const ipc = activityIpc({
      'jobs:list': () => [tracked('j1'), tracked('j2', { startedByApp: false })],
    });
    const store = useJobsStore();
    await store.load();
    expect(store.appJobs.map((j) => j.jobId)).toEqual(['j1']);
    ipc.emit('jobs:onDidChange', {
      kind: 'failed',
      job: tracked('j1', {
        status: 'Failed',
        phase: 'failed',
        error: 'The export storage is full.',
      }),
    });
    expect(store.appJobs[0]?.error).toBe('The export storage is full.');

    activityIpc({ 'jobs:list': () => [] }, ipc.storage);
    const again = useJobsStore();
    await again.load();
    expect(again.appJobs.map((j) => [j.jobId, j.phase])).toEqual([['j1', 'failed']]);
  });

  it('keeps a loaded instance list in step with the watcher and reads new jobs', async () => {
    let list = [summary('j1')];
    const ipc = activityIpc({
      'jobs:listByInstance': () => list,
      'jobs:watchInstance': () => undefined,
    });
    const store = useJobsStore();
    await store.loadInstance(target);
    await store.watch(target);
    expect(ipc.callsTo('jobs:watchInstance')).toEqual([target]);
    ipc.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: tracked('j1', {
        status: 'Succeeded',
        phase: 'succeeded',
        endTime: '2026-07-01T10:05:00.000Z',
      }),
    });
    expect(store.entryOf(target).items[0]).toMatchObject({
      status: 'Succeeded',
      endTime: '2026-07-01T10:05:00.000Z',
    });

    list = [summary('j1', { status: 'Succeeded' }), summary('j3')];
    ipc.emit('jobs:onDidChange', { kind: 'started', job: tracked('j3', { startedByApp: false }) });
    await expect.poll(() => store.entryOf(target).items.length).toBe(2);
  });
});
