/*
 * How many requests does the job watcher make while it follows 200 jobs on 3 instances,
 * against a naive watcher that asks about each job once a second? Run: npm run bench:watcher
 * (BENCH_JOB_MS sets the emulator's job duration, default 20000 ms).
 */
import { startEmulator } from '../../src/emulator/server';
import { ApiKeyAuth } from '../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../src/main/services/http/service-client';
import { JobWatcher } from '../../src/main/services/jobs/job-watcher';
import { countingClient, startJobs } from '../support/job-load';

const JOBS = 200;
const jobMs = Number(process.env['BENCH_JOB_MS'] ?? 20_000);

const emulator = await startEmulator({ jobMs });
const dispatcher = createDispatcher({ env: {} });
const client = new ServiceClient({
  baseUrl: emulator.baseUrl,
  authUrl: emulator.authUrl,
  dispatcher,
  auth: new ApiKeyAuth({ profileId: 'bench', apiKey: 'demo-admin-key' }),
});
const jobs = await startJobs(client, JOBS, 'bench');
const counted = countingClient(client);
const watcher = new JobWatcher({ clientFor: () => counted.client });
const trackedAt = new Map<string, number>();
let naiveRequests = 0;
watcher.onDidChange((event) => {
  if (event.kind === 'succeeded' || event.kind === 'failed' || event.kind === 'gone') {
    // A naive watcher would have asked about this job once per second while it ran.
    naiveRequests += Math.max(
      1,
      Math.ceil((Date.now() - (trackedAt.get(event.job.jobId) ?? 0)) / 1000),
    );
  }
});
const started = Date.now();
watcher.start();
for (const job of jobs) {
  trackedAt.set(job.jobId, Date.now());
  watcher.track({ profileId: 'bench', ...job });
}
await Promise.all(jobs.map((job) => watcher.waitFor(job.jobId)));
const minutes = (Date.now() - started) / 60_000;
watcher.dispose();
await dispatcher.close();
await emulator.close();

const requests = counted.requests();
const perMinute = requests / minutes;
const naivePerMinute = naiveRequests / minutes;
console.log(`job watcher: ${JOBS} jobs on 3 instances, job duration ~${jobMs} ms`);
console.log(`  watched for            ${(minutes * 60).toFixed(1)} s`);
console.log(`  requests (watcher)     ${requests}  = ${perMinute.toFixed(0)} per minute`);
console.log(`  requests (naive 1/s)   ${naiveRequests}  = ${naivePerMinute.toFixed(0)} per minute`);
console.log(`  ratio naive / watcher  ${(naiveRequests / Math.max(1, requests)).toFixed(1)}x`);
