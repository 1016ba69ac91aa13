import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { IpcTrackedJob } from '@shared/ipc/activity-channels';
import { summaryAsJob, useInstanceJobs } from '@renderer/composables/use-instance-jobs';
import { useJobsStore, type JobsTarget } from '@renderer/stores/jobs-store';
import { activityIpc } from '../../../../support/renderer/activity-fake-ipc';
import { settle } from '../../../../support/renderer/resources-fake-ipc';

const target = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };

function summary(id: string, patch: Partial<JobSummary> = {}): JobSummary {
  return {
    id,
    type: 'EXPORT_DATABASE',
    status: 'Succeeded',
    resourceName: 'Sales',
    resourceType: 'Database',
    createTime: `2026-07-01T10:0${id.length}:00.000Z`,
    endTime: '2026-07-01T10:09:00.000Z',
    owner: 'admin',
    ...patch,
  };
}

function tracked(jobId: string, patch: Partial<IpcTrackedJob> = {}): IpcTrackedJob {
  return {
    ...target,
    jobId,
    type: 'IMPORT_DATABASE',
    label: 'Import Sales_Q3.bak',
    status: 'Processing',
    phase: 'running',
    progress: 40,
    startedByApp: true,
    createTime: '2026-07-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    ...patch,
  };
}

describe('summaryAsJob', () => {
  it('turns a row into a card, with what the watcher or the details add', () => {
    expect(summaryAsJob(target, summary('a', { status: 'Failed' }))).toMatchObject({
      jobId: 'a',
      phase: 'failed',
      startedByApp: false,
      resourceName: 'Sales',
      endTime: '2026-07-01T10:09:00.000Z',
    });
    expect(summaryAsJob(target, summary('a', { status: 'Deleted' })).phase).toBe('succeeded');
    expect(summaryAsJob(target, summary('a', { status: 'Rebalancing' })).phase).toBe('running');
    const row = summary('a', { status: 'Processing', endTime: null });
    expect(summaryAsJob(target, row, tracked('a'))).toMatchObject({
      label: 'Import Sales_Q3.bak',
      progress: 40,
      startedByApp: true,
      status: 'Processing',
    });
    const detail = { ...summary('a', { status: 'Failed' }), error: 'Disk full.' };
    expect(summaryAsJob(target, summary('a', { status: 'Failed' }), undefined, detail).error).toBe(
      'Disk full.',
    );
  });
});

describe('useInstanceJobs', () => {
  it('reads and watches the instance while shown, and the error of a failed job', async () => {
    const ipc = activityIpc({
      'jobs:listByInstance': () => [summary('a'), summary('bb', { status: 'Failed' })],
      'jobs:watchInstance': () => undefined,
      'jobs:unwatchInstance': () => undefined,
      'jobs:getByInstance': () => ({ ...summary('bb', { status: 'Failed' }), error: 'Full.' }),
    });
    const where = ref<JobsTarget | undefined>(target);
    const active = ref(false);
    const scope = effectScope();
    const jobs = scope.run(() => useInstanceJobs(where, active))!;
    await settle();
    expect(ipc.callsTo('jobs:listByInstance')).toEqual([]);

    active.value = true;
    await settle();
    expect(ipc.callsTo('jobs:watchInstance')).toEqual([target]);
    expect(jobs.items.value.map((item) => item.id)).toEqual(['bb', 'a']);
    const failed = jobs.items.value[0];
    expect(failed?.kind === 'job' && failed.job.error).toBe('Full.');
    expect(ipc.callsTo('jobs:getByInstance')).toHaveLength(1);

    where.value = undefined;
    await nextTick();
    await settle();
    expect(ipc.callsTo('jobs:unwatchInstance')).toEqual([target]);
    expect(jobs.items.value).toEqual([]);
    scope.stop();
  });

  it('keeps main watching an instance until the last view lets go', async () => {
    const ipc = activityIpc({
      'jobs:watchInstance': () => undefined,
      'jobs:unwatchInstance': () => undefined,
    });
    const store = useJobsStore();
    await store.watch(target);
    await store.watch({ ...target });
    await store.unwatch(target);
    expect(ipc.callsTo('jobs:unwatchInstance')).toEqual([]);
    await store.unwatch(target);
    expect(ipc.callsTo('jobs:unwatchInstance')).toEqual([target]);
  });
});
