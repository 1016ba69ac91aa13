import type { TrackedJob } from '../../shared/model/job-event';
import { policyInForce, type PolicyState } from '../../shared/model/policy';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import type { JobWatcher } from '../services/jobs/job-watcher';
import type { Logger } from '../services/log/logger';
import type { SettingsStore } from '../services/settings/settings-store';
import type { InstallKind } from '../services/updates/update-decisions';
import { updatesFile } from '../services/config/app-paths';
import { LastCheckFile } from '../services/updates/last-check-file';
import { UpdateService } from '../services/updates/update-service';
import type { UpdaterEngine } from '../services/updates/updater-engine';
import type { TransferPort } from './transfer-handlers';

/** How this copy was installed and the updater it uses (Electron's, or a stand-in). */
export interface UpdaterSetup {
  readonly kind: InstallKind;
  /** Called the first time a check runs, so never where updates are off. */
  readonly createEngine: () => UpdaterEngine;
}

/**
 * Where no updater is given (the browser harness by default, tests): a copy that runs from
 * source, which never checks, so its engine is never built.
 */
const FROM_SOURCE: UpdaterSetup = {
  kind: { platform: process.platform, isPackaged: false },
  createEngine: () => {
    throw new Error('This copy runs from source: it has no updater.');
  },
};

/**
 * The updater, wired: it follows the settings (mode, channel), the transfers and the jobs
 * the app follows (an update installs at a quit with none running), and its status flows
 * into the bus (to the About box). Answers it and the stop of its event.
 */
export function createUpdates(parts: {
  /** Default: a copy run from source (see FROM_SOURCE). */
  readonly updater?: UpdaterSetup | undefined;
  readonly appVersion?: string | undefined;
  /** The app's data folder: the time of the last check is kept there. */
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly policy: PolicyState;
  readonly transfers: TransferPort;
  readonly jobs: JobWatcher;
  readonly bus: AppEventBus;
  readonly logger: Logger;
}): { updates: UpdateService; stop: () => void } {
  const setup = parts.updater ?? FROM_SOURCE;
  const { jobs } = parts;
  const updates = new UpdateService({
    currentVersion: parts.appVersion ?? 'unknown',
    kind: setup.kind,
    settings: parts.settings,
    policy: policyInForce(parts.policy),
    transfers: parts.transfers,
    jobs: { list: (): TrackedJob[] => jobs.list(), onDidChange: (l) => jobs.onDidChange(l) },
    lastCheck: new LastCheckFile(updatesFile(parts.dataDir)),
    createEngine: setup.createEngine,
    logger: parts.logger,
  });
  const stop = updates.onDidChange((status) => parts.bus.emit('updates:onDidChange', status));
  updates.start();
  return {
    updates,
    stop: () => {
      stop();
      updates.dispose();
    },
  };
}
