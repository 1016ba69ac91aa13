import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { JobDetail, JobSummary } from '../../../src/shared/contract/records/jobs';
import { KEYS, expectOp, expectOpError } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';

/** A slower job duration than elsewhere, so that every status can be seen on the way. */
let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 400 });
});
afterAll(async () => {
  await em.close();
});

describe('jobs', () => {
  it('moves a job Enqueued → Processing → Succeeded, visible through all four operations', async () => {
    // A job of 5 s of its own (1 s Enqueued): on a busy machine the first status read came
    // after the 80 ms the file's jobs spend Enqueued, and the test missed that status.
    const em = await startEmulator({ jobMs: 5_000 });
    onTestFinished(() => em.close());
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.create', 200, {
      params: { instanceName: PROD },
      body: { databaseName: 'Job_Watch' },
    });
    const seen: string[] = [];
    const progress: number[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = await expectOp<string>(em, 'jobs.getStatus', 200, {
        params: { jobId },
        auth: KEYS.consumer,
      });
      const detail = await expectOp<JobDetail>(em, 'jobs.getByInstance', 200, {
        params: { instanceName: PROD, jobId },
      });
      if (seen.at(-1) !== status) seen.push(status);
      progress.push(detail.progress ?? -1);
      if (status === 'Succeeded' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seen).toEqual(['Enqueued', 'Processing', 'Succeeded']);
    expect(progress.at(-1)).toBe(100);
    expect(
      progress.every((value, index) => index === 0 || value >= (progress[index - 1] ?? 0)),
    ).toBe(true);
    const summaries = await expectOp<JobSummary[]>(em, 'jobs.listByInstance', 200, {
      params: { instanceName: PROD },
    });
    const summary = summaries.find((job) => job.id === jobId);
    expect(summary).toMatchObject({
      type: 'CREATE_DATABASE',
      resourceName: 'Job_Watch',
      resourceType: 'Database',
      owner: 'apikey-admin',
    });
    expect(summary?.endTime).not.toBeNull();
    expect(await expectOp(em, 'jobs.getDetails', 200, { params: { jobId } })).toEqual({
      error: null,
    });
  }, 40_000);

  it('lists the seeded history, a failed job with its error, and running jobs', async () => {
    const jobs = await expectOp<JobSummary[]>(em, 'jobs.listByInstance', 200, {
      params: { instanceName: PROD },
    });
    const failed = jobs.find((job) => job.status === 'Failed');
    expect(failed?.type).toBe('EXPORT_DATABASE');
    const details = await expectOp<{ error: string }>(em, 'jobs.getDetails', 200, {
      params: { jobId: failed?.id ?? '' },
    });
    expect(details.error).toMatch(/storage is full/);
    const dev = await expectOp<JobSummary[]>(em, 'jobs.listByInstance', 200, {
      params: { instanceName: 'sql-eu-dev-01' },
    });
    expect(dev.some((job) => job.type === 'ARCHIVE_DATABASE' && job.status !== 'Failed')).toBe(
      true,
    );
    const times = jobs.map((job) => job.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers 410, not 404, for an unknown job or instance on every job operation', async () => {
    const jobId = '00000000-0000-4000-8000-000000000000';
    await expectOpError(em, 'jobs.getStatus', 410, { params: { jobId } });
    await expectOpError(em, 'jobs.getDetails', 410, { params: { jobId } });
    await expectOpError(em, 'jobs.getByInstance', 410, { params: { instanceName: PROD, jobId } });
    await expectOpError(em, 'jobs.listByInstance', 410, {
      params: { instanceName: 'sql-nowhere' },
    });
    const [other] = await expectOp<JobSummary[]>(em, 'jobs.listByInstance', 200, {
      params: { instanceName: 'sql-eu-test-01' },
    });
    await expectOpError(em, 'jobs.getByInstance', 410, {
      params: { instanceName: PROD, jobId: other?.id ?? '' },
    });
  });
});
