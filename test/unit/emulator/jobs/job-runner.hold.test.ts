import { describe, expect, it } from 'vitest';
import { JobRunner } from '../../../../src/emulator/jobs/job-runner';
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
