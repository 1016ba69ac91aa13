import { describe, expect, it } from 'vitest';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { TransferRecord } from '@shared/model/transfer';
import {
  instanceFilterKey,
  instanceOptions,
  jobTypeOptions,
  matchesAllJobsFilter,
  mergeInstanceJobs,
  startedWithin,
  type AllJobsFilter,
  type JobsInstance,
} from '@renderer/model/jobs/all-jobs';
import { settleBounded } from '@renderer/model/lists/bounded-fan-out';
import { rerunnableTransfer } from '@renderer/model/jobs/run-again';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (h: number): string => new Date(NOW - h * 3_600_000).toISOString();

function job(id: string, fields: Partial<JobSummary> = {}): JobSummary {
  return {
    id,
    type: 'EXPORT_DATABASE',
    status: 'Succeeded',
    resourceName: 'Sales',
    resourceType: 'Database',
    createTime: hoursAgo(2),
    endTime: hoursAgo(1.9),
    owner: 'admin',
    ...fields,
  };
}

const PROD: JobsInstance = { profileId: 'p1', instanceName: 'prod', connectionName: 'Local' };
const DEV: JobsInstance = { profileId: 'p1', instanceName: 'dev', connectionName: 'Local' };
const OTHER: JobsInstance = { profileId: 'p2', instanceName: 'prod', connectionName: 'EU' };

describe('mergeInstanceJobs', () => {
  it('lists the jobs of every instance newest first, each with where it runs', () => {
    const rows = mergeInstanceJobs([
      { instance: PROD, items: [job('a', { createTime: hoursAgo(5) })] },
      { instance: DEV, items: [job('b', { createTime: hoursAgo(1) })] },
    ]);
    expect(rows.map((r) => [r.id, r.instanceName, r.connectionName])).toEqual([
      ['b', 'dev', 'Local'],
      ['a', 'prod', 'Local'],
    ]);
  });

  it('keeps the same job id on two instances apart, and one instance listed twice once', () => {
    const rows = mergeInstanceJobs([
      { instance: PROD, items: [job('same')] },
      { instance: OTHER, items: [job('same')] },
      { instance: PROD, items: [job('same')] },
    ]);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.rowKey)).size).toBe(2);
  });

  it('shows what has loaded: an instance without rows adds none', () => {
    expect(mergeInstanceJobs([{ instance: PROD, items: [] }])).toEqual([]);
  });
});

describe('the filters', () => {
  const rows = mergeInstanceJobs([
    {
      instance: PROD,
      items: [
        job('failed', { status: 'Failed', createTime: hoursAgo(30) }),
        job('recent', { type: 'RENAME_DATABASE', createTime: hoursAgo(0.5) }),
      ],
    },
    { instance: DEV, items: [job('running', { status: 'Processing', endTime: null })] },
  ]);
  const ids = (filter: AllJobsFilter): string[] =>
    rows.filter((row) => matchesAllJobsFilter(row, filter, NOW)).map((row) => row.id);
  const ALL: AllJobsFilter = { status: 'all', window: 'all' };

  it('lets everything through by default', () => {
    expect(ids(ALL).sort()).toEqual(['failed', 'recent', 'running']);
  });
  it('narrows by type, status group, instance and time, each on its own', () => {
    expect(ids({ ...ALL, type: 'RENAME_DATABASE' })).toEqual(['recent']);
    expect(ids({ ...ALL, status: 'failed' })).toEqual(['failed']);
    expect(ids({ ...ALL, status: 'running' })).toEqual(['running']);
    expect(ids({ ...ALL, instance: instanceFilterKey(DEV) })).toEqual(['running']);
    expect(ids({ ...ALL, window: '1h' })).toEqual(['recent']);
    expect(ids({ ...ALL, window: '24h' }).sort()).toEqual(['recent', 'running']);
    expect(ids({ ...ALL, window: '7d' })).toHaveLength(3);
  });
  it('combines the filters', () => {
    expect(ids({ status: 'finished', window: '24h', instance: instanceFilterKey(PROD) })).toEqual([
      'recent',
    ]);
  });
  it('keeps a job without a readable start time out of every window but "any time"', () => {
    expect(startedWithin({ createTime: 'not a time' }, '7d', NOW)).toBe(false);
    expect(startedWithin({ createTime: 'not a time' }, 'all', NOW)).toBe(true);
  });
  it('names the types, never by their code', () => {
    expect(jobTypeOptions(rows)).toEqual([
      { value: 'EXPORT_DATABASE', label: 'Export database' },
      { value: 'RENAME_DATABASE', label: 'Rename database' },
    ]);
  });
  it('names the instances with their connection only when more than one is open', () => {
    expect(instanceOptions([PROD, DEV]).map((o) => o.label)).toEqual(['prod', 'dev']);
    expect(instanceOptions([PROD, OTHER]).map((o) => o.label)).toEqual([
      'prod · Local',
      'prod · EU',
    ]);
  });
});

describe('settleBounded', () => {
  it('runs at most `limit` at once, answers in order, and a failure does not stop the rest', async () => {
    let running = 0;
    let most = 0;
    const results = await settleBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running -= 1;
      if (n === 4) throw new Error('instance 4 is down');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      10,
      20,
      30,
      'failed',
      50,
      60,
      70,
    ]);
  });
  it('answers nothing for nothing', async () => {
    expect(await settleBounded([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});

describe('rerunnableTransfer', () => {
  const transfer = (fields: Partial<TransferRecord>): TransferRecord => ({
    id: 't1',
    kind: 'export',
    profileId: 'p1',
    instanceName: 'prod',
    databaseName: 'Sales',
    fileType: 'bak',
    state: 'failed',
    bytesDone: 0,
    totalBytes: 0,
    jobId: 'j1',
    createdAt: hoursAgo(1),
    updatedAt: hoursAgo(1),
    ...fields,
  });
  const row = { id: 'j1', status: 'Failed', profileId: 'p1', instanceName: 'prod' };

  it('finds the failed import or export the app started for that job', () => {
    expect(rerunnableTransfer(row, [transfer({})])?.id).toBe('t1');
    expect(rerunnableTransfer(row, [transfer({ kind: 'import' })])?.id).toBe('t1');
  });
  it('offers nothing for a job the app did not start, a job not failed, or an archive', () => {
    expect(rerunnableTransfer(row, [transfer({ jobId: 'other' })])).toBeUndefined();
    expect(rerunnableTransfer({ ...row, status: 'Succeeded' }, [transfer({})])).toBeUndefined();
    expect(rerunnableTransfer(row, [transfer({ state: 'done' })])).toBeUndefined();
    expect(rerunnableTransfer(row, [transfer({ kind: 'archive' })])).toBeUndefined();
    expect(rerunnableTransfer(row, [transfer({ instanceName: 'dev' })])).toBeUndefined();
  });
});
