import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent } from '../../../src/shared/model/job-event';
import type { ServiceClient } from '../../../src/main/services/http/service-client';
import { JobWatcher } from '../../../src/main/services/jobs/job-watcher';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { countingClient, startJobs } from '../../support/job-load';

let env: RecordingEmulator;
let closeDispatcher: () => Promise<void>;
let client: ServiceClient;

beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 1500 });
  const fixture = apiKeyClient(env.emulator);
  client = fixture.client;
  closeDispatcher = () => fixture.dispatcher.close();
});
afterAll(async () => {
  await closeDispatcher();
  await env.close();
});

describe('JobWatcher against the emulator', () => {
  it('follows 200 jobs on 3 instances to the end with far fewer requests than one per job per second', async () => {
    const jobs = await startJobs(client, 200, 'watch');
    const counted = countingClient(client);
    const watcher = new JobWatcher({ clientFor: () => counted.client });
    const events: JobEvent[] = [];
    watcher.onDidChange((event) => events.push(event));
    const started = Date.now();
    watcher.start();
    for (const job of jobs) watcher.track({ profileId: 'p', ...job, type: 'CREATE_LOGIN' });
    const finals = await Promise.all(jobs.map((job) => watcher.waitFor(job.jobId)));
    const seconds = Math.max(1, (Date.now() - started) / 1000);
    watcher.dispose();

    expect(finals.every((job) => job.phase === 'succeeded')).toBe(true);
    expect(events.filter((e) => e.kind === 'started')).toHaveLength(200);
    expect(events.filter((e) => e.kind === 'succeeded')).toHaveLength(200);
    // A naive watcher asks once per job per second; this one asks per instance. Half the naive
    // count is a loose bound: the real ratio is printed by `npm run bench:watcher`.
    const naive = 200 * Math.floor(seconds);
    expect(counted.requests()).toBeLessThan(Math.max(200, naive) / 2);
  });

  it('rides out a service that answers 503 for a while, then finishes', async () => {
    const [job] = await startJobs(client, 1, 'outage');
    const watcher = new JobWatcher({ clientFor: () => client, maxDelayMs: 2000 });
    watcher.start();
    env.emulator.faults.set({ rate503: 1, retryAfterSec: 0 });
    watcher.track({
      profileId: 'p',
      instanceName: job?.instanceName ?? '',
      jobId: job?.jobId ?? '',
    });
    const done = watcher.waitFor(job?.jobId ?? '');
    const outageStart = env.count(/ 503 /);
    // Poll with a deadline until the outage has been felt, then end it.
    for (const deadline = Date.now() + 10_000; env.count(/ 503 /) === outageStart;) {
      if (Date.now() > deadline) throw new Error('the watcher never polled during the outage');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(watcher.get(job?.jobId ?? '')?.phase).toBe('running');
    env.emulator.faults.reset();
    expect((await done).phase).toBe('succeeded');
    watcher.dispose();
  });
});
