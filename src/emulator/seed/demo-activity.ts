import { ANONYMOUS, type Principal } from '../auth';
import type { EmulatorContext } from '../context';
import { startShrink } from '../jobs/database-changes';
import { startArchive } from '../jobs/database-jobs';

const HOUR = 3_600_000;

const LOGINS = [
  { name: 'etl_loader', role: 'Contributor', status: 'Enabled' },
  { name: 'modeler_svc', role: 'Contributor', status: 'Enabled' },
  { name: 'report_reader', role: 'Consumer', status: 'Enabled' },
  { name: 'analyst_jane', role: 'Consumer', status: 'Enabled' },
  { name: 'legacy_import', role: 'Consumer', status: 'Disabled' },
] as const;

/** Finished jobs of the last days: [instance, type, resource, hours ago, error]. */
const HISTORY = [
  ['sql-eu-prod-01', 'CREATE_DATABASE', 'Analytics_Sandbox', 70, undefined],
  ['sql-eu-prod-01', 'IMPORT_DATABASE', 'EDM_Japan_EQ', 50, undefined],
  // Within the last day, so that `jobs list --status failed --since 24h` finds it (README).
  [
    'sql-eu-prod-01',
    'EXPORT_DATABASE',
    'Finance_Ledger',
    6,
    'The backup could not be written: the export storage is full. Free space, then export again.',
  ],
  ['sql-eu-dev-01', 'RENAME_DATABASE', 'Feature_Branch_4411', 20, undefined],
  ['sql-eu-test-01', 'SHRINK_DATABASE', 'UAT_EDM_2025', 9, undefined],
  ['sql-eu-test-01', 'DROP_DATABASE', 'Old_Release_23', 5, undefined],
] as const;

/** Logins on every instance, a few finished jobs, and two long jobs still running. */
export function seedDemoActivity(ctx: EmulatorContext, now: number): void {
  for (const instance of ctx.state.instances.list()) {
    for (const login of LOGINS) {
      ctx.state.logins.add(instance.name, { ...login, owner: 'admin', password: 'Demo!Passw0rd' });
    }
  }
  for (const [instance, type, resourceName, hoursAgo, error] of HISTORY) {
    const createTime = now - hoursAgo * HOUR;
    ctx.jobs.recordFinished({
      type,
      instance,
      resourceName,
      resourceType: 'Database',
      owner: 'admin',
      status: error === undefined ? 'Succeeded' : 'Failed',
      createTime,
      endTime: createTime + 4 * 60_000,
      ...(error === undefined ? {} : { error }),
    });
  }
  const admin: Principal = { ...ANONYMOUS, name: 'admin', role: 'Admin', via: 'token' };
  startRunning(ctx, admin);
}

/**
 * Two jobs that run for a while after start (30 and 20 typical durations), so the job views
 * show progress. They work on Perf_Baseline (dev) and Load_Test_Big (test): those two are
 * busy (409 for other jobs) until the jobs end.
 */
function startRunning(ctx: EmulatorContext, principal: Principal): void {
  const jobMs = ctx.jobs.typicalMs;
  const dev = { ctx, principal, instance: 'sql-eu-dev-01', durationMs: jobMs * 30 };
  const devDb = ctx.state.databases.find(dev.instance, 'Perf_Baseline');
  if (devDb) startArchive(dev, devDb, undefined);
  const test = { ctx, principal, instance: 'sql-eu-test-01', durationMs: jobMs * 20 };
  const testDb = ctx.state.databases.find(test.instance, 'Load_Test_Big');
  if (testDb) startShrink(test, testDb, false);
}
