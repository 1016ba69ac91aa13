import { describe, expect, it } from 'vitest';
import type { JobDetail, JobSummary } from '../../../../../src/shared/contract/records/jobs';
import { AppError } from '../../../../../src/shared/errors';
import type { JobEvent } from '../../../../../src/shared/model/job-event';
import type { JobsClient } from '../../../../../src/main/services/jobs/instance-poll';
import { JobWatcher } from '../../../../../src/main/services/jobs/job-watcher';
import { FakeTimers } from '../../../../support/fake-timers';

type FakeJob = JobDetail;

/**
 * The two jobs operations the watcher calls (`client.call('jobs.listByInstance' | 'jobs.getByInstance')`)
 * over an in-memory table, counting requests and able to lose the network.
 */
class FakeJobsService {
  readonly jobs = new Map<string, FakeJob>();
  lists = 0;
  details = 0;
  down = false;

  add(instance: string, id: string, patch: Partial<FakeJob> = {}): void {
    this.jobs.set(id, {
      id,
      type: 'CREATE_DATABASE',
      status: 'Enqueued',
      resourceName: `db-${id}`,
      resourceType: 'Database',
      createTime: '2026-01-01T00:00:00.000Z',
      endTime: null,
      owner: 'admin',
      progress: 0,
      error: null,
      downloadUris: [],
      instance,
      ...patch,
    });
  }

  set(id: string, patch: Partial<FakeJob>): void {
    const job = this.jobs.get(id);
    if (job) this.jobs.set(id, { ...job, ...patch });
  }

  #check(): void {
    if (this.down) throw new AppError({ code: 'NETWORK', message: 'offline' });
  }

  listByInstance(input: { pathParams: { instanceName: string } }): Promise<JobSummary[]> {
    this.lists += 1;
    this.#check();
    const rows = [...this.jobs.values()]
      .filter((job) => (job as { instance?: string }).instance === input.pathParams.instanceName)
      .map(({ progress: _p, error: _e, downloadUris: _d, ...summary }) => summary);
    return Promise.resolve(rows);
  }

  getByInstance(input: { pathParams: { jobId: string } }): Promise<JobDetail> {
    this.details += 1;
    this.#check();
    const job = this.jobs.get(input.pathParams.jobId);
    if (!job) return Promise.reject(new AppError({ code: 'GONE', message: 'gone', status: 410 }));
    return Promise.resolve(job);
  }

  /** The client the watcher is given: its catalogue-typed call, answered from the table. */
  asClient(): JobsClient {
    const call = (id: string, input: unknown): Promise<unknown> => {
      if (id === 'jobs.listByInstance') {
        return this.listByInstance(input as { pathParams: { instanceName: string } });
      }
      if (id === 'jobs.getByInstance') {
        return this.getByInstance(input as { pathParams: { jobId: string } });
      }
      return Promise.reject(new Error(`The watcher should not call ${id}`));
    };
    return { call } as unknown as JobsClient;
  }
}

/** Runs the next timer, whenever it is due. */
async function step(timers: FakeTimers): Promise<void> {
  await timers.advance(timers.pending()[0] ?? 0);
}

function setup(options: { progressBudget?: number; backgroundDiscoveryMs?: () => number } = {}) {
  const timers = new FakeTimers();
  const api = new FakeJobsService();
  const events: JobEvent[] = [];
  const watcher = new JobWatcher({
    clientFor: () => api.asClient(),
    timers,
    now: () => new Date(timers.now),
    ...options,
  });
  watcher.onDidChange((event) => events.push(event));
  const kinds = (jobId: string): string[] =>
    events.filter((e) => e.job.jobId === jobId).map((e) => `${e.kind}:${e.job.status}`);
  return { timers, api, events, watcher, kinds };
}

describe('JobWatcher', () => {
  it('reports started, progress and succeeded from the instance list', async () => {
    const { timers, api, watcher, kinds } = setup();
    api.add('i1', 'j1');
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'j1', label: 'Create x' });
    await timers.advance(0);
    api.set('j1', { status: 'Processing' });
    await step(timers);
    api.set('j1', { status: 'Succeeded', endTime: '2026-01-01T00:01:00.000Z' });
    await step(timers);
    expect(kinds('j1')).toEqual(['started:Enqueued', 'progress:Processing', 'succeeded:Succeeded']);
    expect(watcher.get('j1')).toMatchObject({
      phase: 'succeeded',
      label: 'Create x',
      startedByApp: true,
    });
  });

  it('labels a job once: tracking it again changes nothing and emits nothing', () => {
    const { watcher, events } = setup();
    const first = {
      profileId: 'p',
      instanceName: 'i1',
      jobId: 'r1',
      type: 'RESTORE_ARCHIVE',
      label: 'Restore archive a-1 into Sales_2024',
      resourceName: 'Sales_2024',
    };
    watcher.track(first);
    expect(watcher.track(first)).toMatchObject({
      label: 'Restore archive a-1 into Sales_2024',
      resourceName: 'Sales_2024',
    });
    watcher.track({ ...first, label: 'Another label', resourceName: 'Other' });
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'r1' });
    expect(watcher.get('r1')).toMatchObject({
      type: 'RESTORE_ARCHIVE',
      label: 'Restore archive a-1 into Sales_2024',
      resourceName: 'Sales_2024',
    });
    expect(events.map((e) => e.kind)).toEqual(['started']);
  });

  it('adopts, once, a job a watched instance listed before main tracked it', async () => {
    const { timers, api, watcher, events } = setup();
    api.add('i1', 'j1', { type: 'RENAME_DATABASE', resourceName: 'Sales' });
    watcher.start();
    watcher.watchInstance('p', 'i1');
    await timers.advance(0);
    expect(watcher.get('j1')).toMatchObject({ startedByApp: false });
    const request = {
      profileId: 'p',
      instanceName: 'i1',
      jobId: 'j1',
      type: 'RENAME_DATABASE',
      label: 'Rename Sales to Sales_2025',
      resourceName: 'Sales',
    };
    watcher.track(request);
    watcher.track(request);
    expect(watcher.get('j1')).toMatchObject({
      label: 'Rename Sales to Sales_2025',
      startedByApp: true,
    });
    expect(events.map((e) => `${e.kind}:${e.job.label ?? ''}`)).toEqual([
      'started:',
      'progress:Rename Sales to Sales_2025',
    ]);
  });

  it('reads the error of a failed job and the download URIs of a succeeded export', async () => {
    const { timers, api, watcher } = setup();
    api.add('i1', 'bad', { status: 'Failed', error: 'Disk full' });
    api.add('i1', 'exp', {
      type: 'EXPORT_DATABASE',
      status: 'Succeeded',
      downloadUris: ['http://x/_blobs/f?sig=1'],
    });
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'bad' });
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'exp' });
    const [bad, exp] = await Promise.all([
      watcher.waitFor('bad'),
      watcher.waitFor('exp'),
      timers.advance(0),
    ]);
    expect(bad).toMatchObject({ phase: 'failed', error: 'Disk full' });
    expect(exp).toMatchObject({ phase: 'succeeded', downloadUris: ['http://x/_blobs/f?sig=1'] });
  });

  it('reports gone when the service answers 410 for a job missing from the list', async () => {
    const { timers, watcher, kinds } = setup();
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'ghost' });
    await timers.advance(0);
    expect(kinds('ghost')).toEqual(['started:Enqueued', 'gone:Enqueued']);
  });

  it('costs one list request per instance per poll however many jobs it follows', async () => {
    const { timers, api, watcher } = setup();
    for (let n = 0; n < 90; n += 1) api.add(`i${n % 3}`, `j${n}`);
    watcher.start();
    for (let n = 0; n < 90; n += 1) {
      watcher.track({ profileId: 'p', instanceName: `i${n % 3}`, jobId: `j${n}` });
    }
    await timers.advance(0);
    expect(api.lists).toBe(3);
    expect(api.details).toBe(0);
    for (const id of api.jobs.keys()) api.set(id, { status: 'Succeeded' });
    await step(timers);
    expect(api.lists).toBe(6);
    expect(watcher.list().every((job) => job.phase === 'succeeded')).toBe(true);
  });

  it('backs off from about 1 s to about 15 s while nothing changes', async () => {
    const { timers, api, watcher } = setup();
    api.add('i1', 'j1');
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'j1' });
    await timers.advance(0);
    const delays: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      const next = timers.pending()[0] ?? 0;
      delays.push(next);
      await timers.advance(next);
    }
    expect(delays[0]).toBe(1500);
    expect(delays.every((d, i) => i === 0 || d >= (delays[i - 1] ?? 0))).toBe(true);
    expect(delays.at(-1)).toBe(15_000);
  });

  it('rides out network loss and resumes when the service answers again', async () => {
    const { timers, api, watcher, kinds } = setup();
    api.add('i1', 'j1', { status: 'Processing' });
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'j1' });
    await timers.advance(0);
    api.down = true;
    api.set('j1', { status: 'Succeeded' });
    await timers.advance(60_000);
    expect(watcher.get('j1')?.phase).toBe('running');
    const listsWhileDown = api.lists;
    expect(listsWhileDown).toBeLessThan(12); // backed off, not hammering
    api.down = false;
    await timers.advance(15_000);
    expect(kinds('j1')).toEqual(['started:Enqueued', 'progress:Processing', 'succeeded:Succeeded']);
  });

  it('reads progress one by one within a budget, fairly', async () => {
    const { timers, api, watcher } = setup({ progressBudget: 2 });
    for (const id of ['a', 'b', 'c']) api.add('i1', id, { status: 'Processing', progress: 10 });
    watcher.start();
    for (const id of ['a', 'b', 'c'])
      watcher.track({ profileId: 'p', instanceName: 'i1', jobId: id });
    await timers.advance(0);
    expect(api.details).toBe(2);
    await timers.advance(1000);
    expect(api.details).toBe(4);
    expect(watcher.list().every((job) => job.progress === 10)).toBe(true);
  });

  it('discovers running jobs of a watched instance, ignoring its finished history', async () => {
    const { timers, api, watcher, kinds } = setup();
    api.add('i1', 'old', { status: 'Succeeded' });
    api.add('i1', 'live', { status: 'Processing' });
    watcher.start();
    watcher.watchInstance('p', 'i1');
    await timers.advance(0);
    expect(watcher.get('old')).toBeUndefined();
    expect(watcher.get('live')).toMatchObject({ startedByApp: false, phase: 'running' });
    api.add('i1', 'new', { status: 'Enqueued' });
    await timers.advance(15_000);
    expect(kinds('new')).toEqual(['started:Enqueued']);
  });

  it('discovers at the background delay where only the monitor watches and nothing runs', async () => {
    const { timers, api, watcher, kinds } = setup({ backgroundDiscoveryMs: () => 125_000 });
    watcher.start();
    watcher.watchInstance('p', 'i1', 'background');
    await timers.advance(0);
    expect(api.lists).toBe(1);
    // Quiet: the next list waits the background delay, not the 15 s of a view.
    await timers.advance(124_000);
    expect(api.lists).toBe(1);
    api.add('i1', 'colleague', { status: 'Processing' });
    await timers.advance(1000);
    expect(api.lists).toBe(2);
    expect(kinds('colleague')).toEqual(['started:Processing']);
    // A job runs there: it is followed closely until it ends, then the pace slows again.
    api.set('colleague', { status: 'Failed', error: 'Disk full' });
    await timers.advance(1000);
    expect(kinds('colleague')).toEqual(['started:Processing', 'failed:Failed']);
    const listsAtEnd = api.lists;
    await timers.advance(60_000);
    expect(api.lists - listsAtEnd).toBeLessThanOrEqual(1);
    // A jobs view opening on the instance brings back the view's pace at once.
    watcher.watchInstance('p', 'i1');
    await timers.advance(1000);
    const listsWithView = api.lists;
    await timers.advance(60_000);
    expect(api.lists - listsWithView).toBeGreaterThanOrEqual(4);
    watcher.unwatchInstance('p', 'i1');
    watcher.unwatchInstance('p', 'i1', 'background');
    watcher.dispose();
  });

  it('keeps jobs while the connection is signed out, and disposes cleanly', async () => {
    const timers = new FakeTimers();
    let connected = false;
    const api = new FakeJobsService();
    api.add('i1', 'j1', { status: 'Succeeded' });
    const watcher = new JobWatcher({
      clientFor: () => {
        if (!connected) throw new AppError({ code: 'AUTH_REQUIRED', message: 'not signed in' });
        return api.asClient();
      },
      timers,
      now: () => new Date(timers.now),
    });
    watcher.start();
    watcher.track({ profileId: 'p', instanceName: 'i1', jobId: 'j1' });
    const waiting = watcher.waitFor('j1');
    await timers.advance(5000);
    expect(watcher.get('j1')?.phase).toBe('running');
    connected = true;
    await timers.advance(15_000);
    expect((await waiting).phase).toBe('succeeded');
    watcher.track({ profileId: 'p', instanceName: 'i2', jobId: 'j2' });
    const pending = watcher.waitFor('j2');
    watcher.dispose();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(timers.pending()).toEqual([]);
  });
});
