import { describe, expect, it } from 'vitest';
import { ActivityMonitor } from '../../../src/main/app/activity-monitor';
import { KnownPaths } from '../../../src/main/app/known-paths';
import { AppEventBus } from '../../../src/main/services/ipc/app-event-bus';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { HarnessPlatform } from '../../harness/harness-platform';

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

function setup() {
  const bus = new AppEventBus();
  const platform = new HarnessPlatform();
  const knownPaths = new KnownPaths();
  const monitor = new ActivityMonitor({ bus, platform, knownPaths });
  return { bus, platform, knownPaths, monitor };
}

describe('ActivityMonitor', () => {
  it('shows progress while transfers run, then notifies and clears it when one ends', () => {
    const { bus, platform, knownPaths, monitor } = setup();
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
    expect(knownPaths.has('/home/u/exports/Sales.bak')).toBe(true);
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
});
