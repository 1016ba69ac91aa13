import { describe, expect, it } from 'vitest';
import { ActivityMonitor } from '../../../../src/main/app/activity-monitor';
import { PathProvenance } from '../../../../src/main/app/path-provenance';
import { Emitter } from '../../../../src/main/services/common/emitter';
import type { JobEvent } from '../../../../src/shared/model/job-event';
import type { BlockingAlert, InstanceMonitorState } from '../../../../src/shared/model/monitor';
import { defaultSettings, type Settings } from '../../../../src/shared/model/settings';
import type { TransferRecord } from '../../../../src/shared/model/transfer';
import { HarnessPlatform } from '../../../harness/harness-platform';

function transfer(patch: Partial<TransferRecord>): TransferRecord {
  return {
    id: 't1',
    kind: 'export',
    profileId: 'p',
    instanceName: 'sql-eu-prod-01',
    databaseName: 'Sales',
    fileType: 'bak',
    destinationFolder: '/home/u/exports',
    state: 'downloading',
    bytesDone: 0,
    totalBytes: 100,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

/** The services' events, fired by the test under the names they leave for the window with. */
function fakeSources() {
  const transfers = new Emitter<TransferRecord>();
  const jobs = new Emitter<JobEvent>();
  const instances = new Emitter<InstanceMonitorState>();
  const alerts = new Emitter<BlockingAlert>();
  const emitters = {
    'transfers:onDidChange': transfers,
    'jobs:onDidChange': jobs,
    'monitor:onDidChange': instances,
    'monitor:onDidRaiseBlockingAlert': alerts,
  } as const;
  return {
    sources: {
      transfers: { onDidChange: transfers.event },
      jobs: { onDidChange: jobs.event },
      monitor: { onDidChangeInstance: instances.event, onDidRaiseBlockingAlert: alerts.event },
    },
    bus: {
      emit<E extends keyof typeof emitters>(event: E, payload: unknown): void {
        (emitters[event] as Emitter<unknown>).fire(payload);
      },
    },
  };
}

function setup(settings: Partial<Settings> = {}) {
  const { sources, bus } = fakeSources();
  const platform = new HarnessPlatform();
  const provenance = new PathProvenance();
  const current = { ...defaultSettings(), ...settings };
  const monitor = new ActivityMonitor({
    ...sources,
    platform,
    provenance,
    settings: () => current,
  });
  return { bus, platform, provenance, monitor };
}

/** A job of a watched instance that the app did not start (a colleague's). */
const colleagueJob = {
  profileId: 'p',
  instanceName: 'sql-eu-prod-01',
  jobId: 'c1',
  type: 'IMPORT_DATABASE',
  status: 'Failed',
  phase: 'failed' as const,
  error: 'The file is not a backup',
  startedByApp: false,
  updatedAt: 'now',
};

describe('ActivityMonitor', () => {
  it('shows progress while transfers run, then notifies and clears it when one ends', () => {
    const { bus, platform, provenance, monitor } = setup();
    bus.emit('transfers:onDidChange', transfer({ bytesDone: 25 }));
    expect(platform.progress).toBe(0.25);
    expect(monitor.snapshot().transfers).toEqual([
      { kind: 'transfer', id: 't1', label: 'Export Sales (sql-eu-prod-01)' },
    ]);
    bus.emit(
      'transfers:onDidChange',
      transfer({ state: 'done', bytesDone: 100, files: ['/home/u/exports/Sales.bak'] }),
    );
    expect(platform.progress).toBeUndefined();
    expect(platform.notifications).toEqual([
      {
        title: 'Export finished',
        body: 'Export Sales (sql-eu-prod-01)',
        item: { kind: 'transfer', id: 't1' },
      },
    ]);
    // Its files may now be opened or dragged out.
    expect(provenance.has('/home/u/exports/Sales.bak')).toBe(true);
    expect(monitor.snapshot().transfers).toEqual([]);
  });

  it('does not notify a cancelled transfer, nor a transfer’s own job twice', () => {
    const { bus, platform } = setup();
    bus.emit('transfers:onDidChange', transfer({ jobId: 'j9', state: 'exporting' }));
    const job = {
      profileId: 'p',
      instanceName: 'sql-eu-prod-01',
      jobId: 'j9',
      status: 'Processing',
      phase: 'running' as const,
      startedByApp: true,
      updatedAt: 'now',
    };
    bus.emit('jobs:onDidChange', { kind: 'started', job });
    bus.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: { ...job, status: 'Succeeded', phase: 'succeeded' },
    });
    bus.emit('transfers:onDidChange', transfer({ jobId: 'j9', state: 'cancelled' }));
    expect(platform.notifications).toEqual([]);
  });

  it('notifies a job the app started when it fails, with its error', () => {
    const { bus, platform, monitor } = setup();
    const job = {
      profileId: 'p',
      instanceName: 'sql-eu-dev-01',
      jobId: 'j2',
      label: 'Shrink Sales',
      status: 'Processing',
      phase: 'running' as const,
      startedByApp: true,
      updatedAt: 'now',
    };
    bus.emit('jobs:onDidChange', { kind: 'started', job });
    expect(monitor.snapshot().jobs).toEqual([{ kind: 'job', id: 'j2', label: 'Shrink Sales' }]);
    bus.emit('jobs:onDidChange', {
      kind: 'failed',
      job: { ...job, status: 'Failed', phase: 'failed', error: 'Disk full' },
    });
    expect(platform.notifications).toEqual([
      { title: 'Job failed', body: 'Shrink Sales: Disk full', item: { kind: 'job', id: 'j2' } },
    ]);
  });

  it("notifies a colleague's failed job on a watched instance when the setting says all jobs", () => {
    const all = setup({ monitorFailedJobs: 'all' });
    all.bus.emit('jobs:onDidChange', { kind: 'failed', job: colleagueJob });
    expect(all.platform.notifications).toEqual([
      {
        title: 'Job failed',
        body: 'Import database on sql-eu-prod-01 (started elsewhere, on sql-eu-prod-01): The file is not a backup',
        item: { kind: 'job', id: 'c1' },
      },
    ]);
    // Only this app's: the colleague's job is left out; a succeeded one never notifies.
    const own = setup({ monitorFailedJobs: 'app' });
    own.bus.emit('jobs:onDidChange', { kind: 'failed', job: colleagueJob });
    own.bus.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: { ...colleagueJob, phase: 'succeeded' },
    });
    expect(own.platform.notifications).toEqual([]);
  });

  it('notifies no failed job when the setting says none, not even its own', () => {
    const { bus, platform } = setup({ monitorFailedJobs: 'none' });
    const job = { ...colleagueJob, jobId: 'a1', startedByApp: true, phase: 'running' as const };
    bus.emit('jobs:onDidChange', { kind: 'started', job });
    bus.emit('jobs:onDidChange', { kind: 'failed', job: { ...job, phase: 'failed' } });
    bus.emit('jobs:onDidChange', { kind: 'failed', job: colleagueJob });
    expect(platform.notifications).toEqual([]);
  });

  it('lists blocking instances for the tray and notifies a blocking alert natively', () => {
    const { bus, platform, monitor } = setup();
    const state: InstanceMonitorState = {
      profileId: 'p',
      instanceName: 'sql-eu-prod-01',
      health: 'blocking',
      heads: [{ sessionId: 61, blockedCount: 2, blockingMs: 60_000, depth: 2 }],
    };
    const seen: number[] = [];
    monitor.onDidChange((snapshot) => seen.push(snapshot.blocking.length));
    bus.emit('monitor:onDidChange', state);
    bus.emit('monitor:onDidChange', state);
    expect(monitor.snapshot().blocking).toEqual([
      {
        kind: 'sessions',
        id: 'sql-eu-prod-01',
        profileId: 'p',
        label: 'sql-eu-prod-01: 1 head blocker',
      },
    ]);
    bus.emit('monitor:onDidRaiseBlockingAlert', {
      profileId: 'p',
      instanceName: 'sql-eu-prod-01',
      thresholdSeconds: 30,
      heads: state.heads,
      at: 0,
    });
    expect(platform.notifications).toHaveLength(1);
    expect(platform.notifications[0]?.item).toEqual({
      kind: 'sessions',
      id: 'sql-eu-prod-01',
      profileId: 'p',
    });
    bus.emit('monitor:onDidChange', { ...state, health: 'ok', heads: [] });
    expect(monitor.snapshot().blocking).toEqual([]);
    // One change in, one out: the same state twice is no change for the tray.
    expect(seen).toEqual([1, 0]);
  });
});
