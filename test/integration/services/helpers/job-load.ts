import type { JobsApi } from '../../../../src/main/services/api/jobs-api';
import type { ConnectionApis } from '../../../../src/main/services/connection/connection';

/** The three instances of the emulator's demo tenant. */
export const INSTANCES = ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'] as const;

/** Starts `count` jobs spread over the three instances (login creations); answers their ids. */
export async function startJobs(
  api: ConnectionApis,
  count: number,
  prefix = 'load',
): Promise<{ instanceName: string; jobId: string }[]> {
  const started: { instanceName: string; jobId: string }[] = [];
  const batch = 20;
  for (let first = 0; first < count; first += batch) {
    const jobs = Array.from({ length: Math.min(batch, count - first) }, async (_, offset) => {
      const n = first + offset;
      const instanceName = INSTANCES[n % INSTANCES.length] ?? INSTANCES[0];
      const { jobId } = await api.logins.create({
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

/** A JobsApi that counts the requests the watcher makes through it. */
export function countingJobsApi(inner: JobsApi): { api: JobsApi; requests: () => number } {
  let requests = 0;
  const api = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        requests += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { api, requests: () => requests };
}
