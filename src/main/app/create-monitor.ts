import { join } from 'node:path';
import type { ConnectionManager } from '../services/connection/connection-manager';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import type { JobWatcher } from '../services/jobs/job-watcher';
import type { Logger } from '../services/log/logger';
import { MonitorHistory } from '../services/monitor/monitor-history';
import { MonitorService } from '../services/monitor/monitor-service';
import type { SettingsStore } from '../services/settings/settings-store';

/** What {@link createMonitor} wires together. */
export interface MonitorParts {
  readonly dataDir: string;
  readonly connections: ConnectionManager;
  readonly jobs: JobWatcher;
  readonly settings: SettingsStore;
  readonly bus: AppEventBus;
  readonly logger: Logger;
}

/**
 * The always-on monitor, wired: it watches a profile from its sign-in to its sign-out,
 * counts the job watcher's failed jobs, and its states and blocking alerts flow into the bus
 * (to the window, the tray and native notifications). Answers the monitor and the stops of
 * its subscriptions.
 */
export function createMonitor(parts: MonitorParts): {
  monitor: MonitorService;
  stops: (() => void)[];
} {
  const { connections, jobs, settings, bus, logger } = parts;
  const monitor = new MonitorService({
    clientFor: (profileId) => connections.get(profileId).client,
    jobs,
    settings,
    history: new MonitorHistory({ dir: join(parts.dataDir, 'monitor'), logger }),
    logger,
  });
  const stops = [
    connections.onDidChangeState((state) => {
      if (state.status === 'signedIn') monitor.openProfile(state.profileId);
      else if (state.status !== 'signingIn') monitor.closeProfile(state.profileId);
    }),
    jobs.onDidChange((event) => monitor.noteJob(event.kind, event.job)),
    monitor.onDidChangeInstance((state) => bus.emit('monitor:onDidChange', state)),
    monitor.onDidRaiseBlockingAlert((alert) => bus.emit('monitor:onDidRaiseBlockingAlert', alert)),
  ];
  return { monitor, stops };
}
