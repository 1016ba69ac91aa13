import { monitorHistoryDir } from '../services/config/app-paths';
import type { Dispatcher } from 'undici';
import type { ConnectionManager } from '../services/connection/connection-manager';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import type { JobWatcher } from '../services/jobs/job-watcher';
import type { Logger } from '../services/log/logger';
import { MonitorHistory } from '../services/monitor/monitor-history';
import { MonitorService } from '../services/monitor/monitor-service';
import { TeamMonitorClient } from '../services/monitor/team-monitor-client';
import {
  chooseMonitorSource,
  TeamMonitorSource,
  type SessionSource,
} from '../services/monitor/team-monitor-source';
import type { ProfileStore } from '../services/profiles/profile-store';
import type { SecretVault } from '../services/secrets/secret-vault';
import type { SettingsStore } from '../services/settings/settings-store';

/** What {@link createMonitor} wires together. */
export interface MonitorParts {
  readonly dataDir: string;
  readonly connections: ConnectionManager;
  readonly jobs: JobWatcher;
  readonly settings: SettingsStore;
  readonly bus: AppEventBus;
  readonly logger: Logger;
  readonly profiles: ProfileStore;
  readonly secrets: SecretVault;
  /** The app's dispatcher (proxy, CAs), for the team monitor's requests too. */
  readonly dispatcher: Dispatcher;
  /** The team monitor the organisation's policy names, for profiles that name none. */
  readonly organisationUrl?: string | undefined;
}

/**
 * The team monitor a profile reads instead of the service, when it or the organisation's
 * policy names one. Its token is
 * read from the keychain on the first request and kept for the source's life (a new token
 * or URL makes a new source); a keychain failure is not kept, so the next read asks again.
 */
function teamSourceFor(parts: MonitorParts, profileId: string): SessionSource | undefined {
  const profile = parts.profiles.get(profileId);
  const choice = chooseMonitorSource(profile, parts.organisationUrl);
  if (choice.kind !== 'team') return undefined;
  const origin = new URL(choice.url).origin;
  let token: Promise<string | undefined> | undefined;
  const tokenOf = (): Promise<string | undefined> =>
    (token ??= parts.secrets.getTeamMonitorToken(profileId, origin).catch((error: unknown) => {
      token = undefined;
      throw error;
    }));
  const client = new TeamMonitorClient({
    url: choice.url,
    token: tokenOf,
    dispatcher: parts.dispatcher,
  });
  return new TeamMonitorSource({ client, profileName: profile.name });
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
    sourceFor: (profileId) => teamSourceFor(parts, profileId),
    jobs,
    settings,
    history: new MonitorHistory({ dir: monitorHistoryDir(parts.dataDir), logger }),
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
