import { describe, expect, it } from 'vitest';
import { JobError, JobRunner } from '../../../../src/emulator/jobs/job-runner';
import { startEmulator } from '../../../../src/emulator/server';
import { JobStore, jobProgress } from '../../../../src/emulator/state/jobs';

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('deadline passed');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const spec = {
  type: 'SHRINK_DATABASE',
  instance: 'i',
  resourceName: 'db',
  resourceType: 'Database',
  owner: 'me',
} as const;

describe('JobRunner', () => {
  it('runs the effect at the end and succeeds', async () => {
    const store = new JobStore();
    const runner = new JobRunner({ store, jobMs: 30, now: Date.now, log: () => undefined });
    let ran = false;
    const job = runner.start({ ...spec, run: () => void (ran = true) });
    expect([job.status, jobProgress(job, Date.now())]).toEqual(['Enqueued', 0]);
    await until(() => job.status === 'Succeeded');
    expect([ran, job.finalProgress, job.error]).toEqual([true, 100, null]);
    expect(job.endTime).not.toBeNull();
  });

  it('fails with the effect error and calls onFail; only unexpected errors are logged', async () => {
    const store = new JobStore();
    const logged: string[] = [];
    const runner = new JobRunner({
      store,
      jobMs: 10,
      now: Date.now,
      log: (line) => logged.push(line),
    });
    let undone = 0;
    const clear = runner.start({
      ...spec,
      run: () => Promise.reject(new JobError('No uploaded file')),
      onFail: () => (undone += 1),
    });
    const bug = runner.start({
      ...spec,
      run: () => {
        throw new TypeError('boom');
      },
    });
    await until(() => clear.status === 'Failed' && bug.status === 'Failed');
    expect([clear.error, undone]).toEqual(['No uploaded file', 1]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/boom/);
  });

  it('stops every pending job on close', async () => {
    const store = new JobStore();
    const runner = new JobRunner({ store, jobMs: 20, now: Date.now, log: () => undefined });
    const job = runner.start({ ...spec, run: () => undefined });
    runner.close();
    const started = Date.now();
    await until(() => Date.now() - started > 60);
    expect(job.status).toBe('Enqueued');
  });
});

describe('holding jobs', () => {
  it('keeps jobs started while held in Processing until release, then they finish', async () => {
    const runner = new JobRunner({
      store: new JobStore(),
      jobMs: 10,
      now: Date.now,
      log: () => {},
    });
    const before = runner.start({ ...spec, run: () => undefined });
    runner.hold();
    let ran = false;
    const held = runner.start({ ...spec, run: () => void (ran = true) });
    await until(() => before.status === 'Succeeded' && held.status === 'Processing');
    // Well past its 10 ms: still in flight, below 100 %, its effect not applied.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([held.status, ran, jobProgress(held, Date.now())]).toEqual(['Processing', false, 99]);

    runner.release();
    await until(() => held.status === 'Succeeded');
    expect(ran).toBe(true);
    const after = runner.start({ ...spec, run: () => undefined });
    await until(() => after.status === 'Succeeded');
    runner.close();
  });

  it('is a switch on the emulator handle, beside the faults', async () => {
    const emulator = await startEmulator({ seed: 'empty' });
    try {
      expect(emulator.jobs.holding).toBe(false);
      emulator.jobs.hold();
      expect(emulator.jobs.holding).toBe(true);
      emulator.jobs.release();
      expect(emulator.jobs.holding).toBe(false);
    } finally {
      await emulator.close();
    }
  });
});
