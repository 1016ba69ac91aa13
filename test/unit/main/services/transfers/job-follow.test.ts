import { describe, expect, it } from 'vitest';
import type { TrackedJob } from '../../../../../src/shared/model/job-event';
import { AppError } from '../../../../../src/shared/errors';
import { TRANSFER_RETRY } from '../../../../../src/main/services/common/retry-policy';
import {
  followJob,
  jobMetaOf,
  startJob,
} from '../../../../../src/main/services/transfers/job-follow';
import type { ImportJournal } from '../../../../../src/main/services/transfers/journal-schema';
import type { TransferContext } from '../../../../../src/main/services/transfers/transfer-context';
import type { JobFollower } from '../../../../../src/main/services/transfers/transfer-ports';

/* The job step of a transfer with stand-ins for the job watcher and the service. */

function job(phase: TrackedJob['phase'], extra: Partial<TrackedJob> = {}): TrackedJob {
  return {
    profileId: 'p',
    instanceName: 'sql-eu-dev-01',
    jobId: 'job-1',
    status: phase === 'succeeded' ? 'Succeeded' : phase === 'failed' ? 'Failed' : 'Processing',
    phase,
    startedByApp: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function context(final: TrackedJob, calls: unknown[] = [], list: unknown[] = []) {
  const patches: unknown[] = [];
  const jobs: JobFollower = {
    track: (input) => {
      calls.push(['track', input]);
      return job('running');
    },
    waitFor: () => Promise.resolve(final),
    onDidChange: () => () => undefined,
  };
  const ctx = {
    journal: {
      id: 't',
      profileId: 'p',
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Sales',
    } as ImportJournal,
    signal: new AbortController().signal,
    client: {
      call: (id: string) => {
        calls.push(['call', id]);
        return Promise.resolve(list);
      },
    },
    settings: { jobs },
    firstRun: true,
    patch: (fields: unknown) => patches.push(fields),
    retryContext: () => ({
      policy: { ...TRANSFER_RETRY, maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
      sleep: () => Promise.resolve(),
      random: () => 0,
    }),
  } as unknown as TransferContext<ImportJournal>;
  return { ctx, patches };
}

const meta = { type: 'IMPORT_DATABASE', label: 'Import Sales' } as const;

describe('followJob', () => {
  it('answers the succeeded job and shows its status on the record', async () => {
    const calls: unknown[] = [];
    const { ctx, patches } = context(job('succeeded'), calls);
    await expect(followJob(ctx, 'job-1', meta)).resolves.toMatchObject({ phase: 'succeeded' });
    expect(calls[0]).toEqual([
      'track',
      expect.objectContaining({
        jobId: 'job-1',
        type: 'IMPORT_DATABASE',
        resourceName: 'Sales',
      }) as unknown,
    ]);
    expect(patches).toEqual([
      { jobId: 'job-1', jobStatus: 'Processing' },
      { jobStatus: 'Succeeded' },
    ]);
  });

  it('fails with the job’s own error', async () => {
    const { ctx } = context(job('failed', { error: 'The file does not look like a BAK file.' }));
    await expect(followJob(ctx, 'job-1', meta)).rejects.toMatchObject({
      code: 'JOB_FAILED',
      message: 'The import job failed on the service: The file does not look like a BAK file.',
    });
  });

  it('says so when the service forgot the job', async () => {
    const { ctx } = context(job('gone'));
    await expect(followJob(ctx, 'job-1', meta)).rejects.toMatchObject({ code: 'GONE' });
  });
});

describe('startJob', () => {
  it('adopts the running job when a retried POST answers 409', async () => {
    const calls: unknown[] = [];
    const running = [
      {
        id: 'old',
        type: 'IMPORT_DATABASE',
        resourceName: 'Sales',
        status: 'Succeeded',
        createTime: '2026-01-01',
      },
      {
        id: 'mine',
        type: 'IMPORT_DATABASE',
        resourceName: 'sales',
        status: 'Processing',
        createTime: '2026-01-02',
      },
      {
        id: 'other',
        type: 'EXPORT_DATABASE',
        resourceName: 'Sales',
        status: 'Processing',
        createTime: '2026-01-03',
      },
    ];
    const { ctx } = context(job('succeeded'), calls, running);
    const answers = [
      new AppError({ code: 'UNAVAILABLE', message: 'busy', status: 503 }),
      new AppError({ code: 'CONFLICT', message: 'already importing', status: 409 }),
    ];
    const send = () => Promise.reject(answers.shift() ?? new Error('no more'));
    await expect(startJob(ctx, meta, send, false)).resolves.toBe('mine');
    expect(calls).toEqual([['call', 'jobs.listByInstance']]);
  });

  it('adopts a job of ours that already ended, never an older one', async () => {
    const conflict = () =>
      Promise.reject(new AppError({ code: 'CONFLICT', message: 'exists', status: 409 }));
    const began = { createdAt: '2026-03-01T10:00:00.000Z' };
    const list = (createTime: string) => [
      {
        id: 'quick',
        type: 'IMPORT_DATABASE',
        resourceName: 'Sales',
        status: 'Succeeded',
        createTime,
      },
    ];
    // Started by the run that crashed before journaling the job id, and already done.
    const fresh = context(job('succeeded'), [], list('2026-03-01T10:02:00.000Z'));
    Object.assign(fresh.ctx.journal, began);
    await expect(startJob(fresh.ctx, meta, conflict, true)).resolves.toBe('quick');
    // A colleague's import of the same name, long before this transfer began.
    const older = context(job('succeeded'), [], list('2026-02-27T08:00:00.000Z'));
    Object.assign(older.ctx.journal, began);
    await expect(startJob(older.ctx, meta, conflict, true)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('does not adopt anything on a first 409', async () => {
    const { ctx } = context(job('succeeded'));
    const send = () =>
      Promise.reject(new AppError({ code: 'CONFLICT', message: 'exists', status: 409 }));
    await expect(startJob(ctx, meta, send, false)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('jobMetaOf', () => {
  it('names a transfer job as the catalogue declares it, as the same operation started from a view', () => {
    const pathParams = { instanceName: 'sql-eu-dev-01', databaseName: 'Sales' };
    expect(jobMetaOf('databases.import', { pathParams, query: { importFrom: 1 } })).toEqual({
      type: 'IMPORT_DATABASE',
      label: 'Import Sales from BAK',
    });
    expect(jobMetaOf('databases.export', { pathParams, query: { exportTo: 2 } })).toEqual({
      type: 'EXPORT_DATABASE',
      label: 'Export Sales to DACPAC',
    });
  });
});
