import type { ServiceClient } from '../../src/main/services/http/service-client';
import type { JobsClient } from '../../src/main/services/jobs/instance-poll';

/** The three instances of the emulator's demo tenant. */
const INSTANCES = ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'] as const;

/** Starts `count` jobs spread over the three instances (login creations); answers their ids. */
export async function startJobs(
  client: ServiceClient,
  count: number,
  prefix = 'load',
): Promise<{ instanceName: string; jobId: string }[]> {
  const started: { instanceName: string; jobId: string }[] = [];
  const batch = 20;
  for (let first = 0; first < count; first += batch) {
    const jobs = Array.from({ length: Math.min(batch, count - first) }, async (_, offset) => {
      const n = first + offset;
      const instanceName = INSTANCES[n % INSTANCES.length] ?? INSTANCES[0];
      const { jobId } = await client.call('logins.create', {
        pathParams: { instanceName },
        body: {
          login: `${prefix}_${n}`.slice(0, 20),
          password: 'Str0ng!Passw0rd',
          role: 'Consumer',
        },
      });
      return { instanceName, jobId };
    });
    started.push(...(await Promise.all(jobs)));
  }
  return started;
}

/** A client that counts the calls the watcher makes through it. */
export function countingClient(inner: ServiceClient): {
  client: JobsClient;
  requests: () => number;
} {
  let requests = 0;
  const client: JobsClient = {
    call: (id, input, options) => {
      requests += 1;
      return inner.call(id, input, options);
    },
  };
  return { client, requests: () => requests };
}
