import type { TrackedJob } from '../../../shared/model/job-event';
import type { Policy, SettingKey, SettingSource } from '../../../shared/model/policy';
import type { Settings } from '../../../shared/model/settings';
import type { TransferRecord } from '../../../shared/model/transfer';
import type { Logger } from '../log/logger';
import type { Timers } from '../time/timers';
import type { InstallKind } from './update-decisions';
import type { UpdaterEngine } from './updater-engine';

/* What the updater service (update-service.ts) is given: the app, its settings and policy, what
   runs (an update waits for it), where the last check is kept, and how to build its engine. */

/** A source of records that says when they change (the transfers, the job watcher). */
interface Followed<T> {
  list(): T[];
  onDidChange(listener: () => void): () => void;
}

/** Options of {@link UpdateService}. */
export interface UpdateServiceOptions {
  /** The running app's version. */
  readonly currentVersion: string;
  readonly kind: InstallKind;
  readonly settings: {
    get(): Pick<Settings, 'updateMode' | 'updateChannel'>;
    sources(): Record<SettingKey, SettingSource>;
    onDidChange(listener: () => void): () => void;
  };
  /** The machine policy in force: its mirror and pinned version. */
  readonly policy?: Policy | undefined;
  readonly transfers: Followed<TransferRecord>;
  readonly jobs: Followed<TrackedJob>;
  /** Where the time of the last check is kept across restarts (none: in memory only). */
  readonly lastCheck?: {
    read(): Promise<string | undefined>;
    write(at: string): Promise<void>;
  };
  /** Builds the engine, the first time a check runs (never where updates are off). */
  readonly createEngine: () => UpdaterEngine;
  readonly timers?: Timers;
  readonly now?: () => Date;
  readonly logger?: Logger;
}
