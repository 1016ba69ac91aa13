import { jobTypeLabel } from '../../shared/format/enum-labels';
import type { JobEvent } from '../../shared/model/job-event';
import type { BlockingAlert, InstanceMonitorState } from '../../shared/model/monitor';
import type { Settings } from '../../shared/model/settings';
import { isFinalTransferState, type TransferRecord } from '../../shared/model/transfer';
import {
  DisposableStore,
  Emitter,
  toSubscription,
  type Subscription,
} from '../services/common/emitter';
import { BlockingNotifier } from './blocking-notifier';
import type { PathProvenance } from './path-provenance';
import type { PlatformPort } from './platform-port';

/** One item as the tray menu lists it; `profileId` with a `sessions` item. */
export interface ActivityItem {
  readonly kind: 'transfer' | 'job' | 'sessions';
  readonly id: string;
  readonly label: string;
  readonly profileId?: string;
}

/** What runs now, and which watched instances block. */
export interface ActivitySnapshot {
  readonly transfers: readonly ActivityItem[];
  readonly jobs: readonly ActivityItem[];
  /** Watched instances with head blockers past the threshold (their Sessions views). */
  readonly blocking: readonly ActivityItem[];
}

/** The services whose events the activity monitor follows (their `onDid…` events). */
interface ActivitySources {
  readonly transfers: { onDidChange(listener: (record: TransferRecord) => void): () => void };
  readonly jobs: { onDidChange(listener: (event: JobEvent) => void): () => void };
  readonly monitor: {
    onDidChangeInstance(listener: (state: InstanceMonitorState) => void): () => void;
    onDidRaiseBlockingAlert(listener: (alert: BlockingAlert) => void): () => void;
  };
}

/** Options of {@link ActivityMonitor}. */
export interface ActivityMonitorOptions extends ActivitySources {
  readonly platform: PlatformPort;
  readonly provenance: PathProvenance;
  /** The settings now (which failed jobs notify). */
  readonly settings: () => Settings;
}

/**
 * Follows transfers, jobs and the monitor through their services' events, for everything outside the
 * window: a native notification when a transfer or job ends or blocking passes the
 * threshold, the taskbar progress while transfers run, the tray menu's list. A failed job of
 * a watched instance notifies whoever started it, as the settings say (all, this app's,
 * none). It holds no Electron object, so the harness runs it too.
 */
export class ActivityMonitor {
  readonly #platform: PlatformPort;
  readonly #provenance: PathProvenance;
  readonly #transfers = new Map<string, TransferRecord>();
  readonly #jobs = new Map<string, JobEvent['job']>();
  /** Jobs that belong to a transfer, which reports them itself. */
  readonly #transferJobIds = new Set<string>();
  readonly #blocking = new Map<string, InstanceMonitorState>();
  readonly #onDidChange = new Emitter<ActivitySnapshot>();
  readonly #settings: () => Settings;
  readonly #blockingNotifier: BlockingNotifier;
  readonly #subscriptions = new DisposableStore();

  constructor(options: ActivityMonitorOptions) {
    this.#platform = options.platform;
    this.#provenance = options.provenance;
    this.#settings = options.settings;
    this.#blockingNotifier = new BlockingNotifier({ platform: options.platform });
    const follow = (stop: () => void): void => void this.#subscriptions.add(toSubscription(stop));
    follow(options.transfers.onDidChange((record) => this.#changed(this.#onTransfer(record))));
    follow(options.jobs.onDidChange((event) => this.#changed(this.#onJob(event))));
    follow(options.monitor.onDidChangeInstance((state) => this.#changed(this.#onInstance(state))));
    // A blocking alert changes no snapshot: it only notifies.
    follow(
      options.monitor.onDidRaiseBlockingAlert((alert) => this.#blockingNotifier.notify(alert)),
    );
  }

  /** Running transfers and jobs. */
  snapshot(): ActivitySnapshot {
    return {
      transfers: [...this.#transfers.values()].map((t) => ({
        kind: 'transfer',
        id: t.id,
        label: transferLabel(t),
      })),
      jobs: [...this.#jobs.values()].map((j) => ({
        kind: 'job',
        id: j.jobId,
        label: j.label ?? `${jobTypeLabel(j.type)} on ${j.instanceName}`,
      })),
      blocking: [...this.#blocking.values()].map((state) => ({
        kind: 'sessions',
        id: state.instanceName,
        profileId: state.profileId,
        label: `${state.instanceName}: ${state.heads.length} head blocker${state.heads.length === 1 ? '' : 's'}`,
      })),
    };
  }

  /** Calls `listener` whenever the snapshot may have changed; the answer stops it. */
  onDidChange(listener: (snapshot: ActivitySnapshot) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  /** Stops following. */
  dispose(): void {
    this.#subscriptions.dispose();
    this.#onDidChange.dispose();
  }

  /** Tells the listeners the new snapshot when `changed`. */
  #changed(changed: boolean): void {
    if (changed) this.#onDidChange.fire(this.snapshot());
  }

  /** Keeps the running transfers; always a change of the snapshot. */
  #onTransfer(record: TransferRecord): true {
    this.#provenance.add(record.sourcePath, record.destinationFolder, ...(record.files ?? []));
    if (record.jobId) {
      this.#transferJobIds.add(record.jobId);
      this.#jobs.delete(record.jobId);
    }
    const wasRunning = this.#transfers.has(record.id);
    if (!isFinalTransferState(record.state)) {
      this.#transfers.set(record.id, record);
    } else {
      this.#transfers.delete(record.id);
      if (wasRunning && record.state !== 'cancelled') this.#notifyTransfer(record);
    }
    this.#updateProgress();
    return true;
  }

  /** Keeps the blocking instances; true when that list changed. */
  #onInstance(state: InstanceMonitorState): boolean {
    const key = `${state.profileId}\n${state.instanceName}`;
    const was = this.#blocking.get(key);
    if (state.health === 'blocking') {
      this.#blocking.set(key, state);
      return was?.heads.length !== state.heads.length;
    }
    return this.#blocking.delete(key);
  }

  /** Keeps the running jobs the app started; always a change of the snapshot. */
  #onJob(event: JobEvent): true {
    this.#followJob(event);
    return true;
  }

  #followJob({ kind, job }: JobEvent): void {
    // A job the app did not start (a colleague's, on a watched instance) is not the tray's
    // business, but its failure is the admin's when the settings say so.
    if (!job.startedByApp) {
      if (kind === 'failed' && this.#settings().monitorFailedJobs === 'all')
        this.#notifyJob(kind, job);
      return;
    }
    if (this.#transferJobIds.has(job.jobId)) {
      this.#jobs.delete(job.jobId);
      return;
    }
    if (kind === 'started' || kind === 'progress') {
      this.#jobs.set(job.jobId, job);
      return;
    }
    const wasRunning = this.#jobs.delete(job.jobId);
    if (!wasRunning || kind === 'gone') return;
    if (kind === 'failed' && this.#settings().monitorFailedJobs === 'none') return;
    this.#notifyJob(kind, job);
  }

  #notifyJob(kind: JobEvent['kind'], job: JobEvent['job']): void {
    const label = job.label ?? `${jobTypeLabel(job.type)} on ${job.instanceName}`;
    const where = job.startedByApp ? label : `${label} (started elsewhere, on ${job.instanceName})`;
    this.#platform.notify({
      title: kind === 'succeeded' ? 'Job finished' : 'Job failed',
      body: kind === 'failed' && job.error ? `${where}: ${job.error}` : where,
      item: { kind: 'job', id: job.jobId },
    });
  }

  #notifyTransfer(record: TransferRecord): void {
    const what = KIND_NAMES[record.kind];
    const ok = record.state === 'done';
    this.#platform.notify({
      title: ok ? `${what} finished` : `${what} failed`,
      body: ok ? transferLabel(record) : `${transferLabel(record)}: ${record.error?.message ?? ''}`,
      item: { kind: 'transfer', id: record.id },
    });
  }

  #updateProgress(): void {
    let done = 0;
    let total = 0;
    for (const record of this.#transfers.values()) {
      if (record.state === 'paused') continue;
      done += record.bytesDone;
      total += record.totalBytes;
    }
    this.#platform.setProgress(total > 0 ? Math.min(1, done / total) : undefined);
  }
}

/** What a transfer of each kind is called in a notification. */
const KIND_NAMES: Readonly<Record<TransferRecord['kind'], string>> = {
  import: 'Import',
  export: 'Export',
  archive: 'Archive download',
};

function transferLabel(record: TransferRecord): string {
  const what = record.kind === 'archive' ? 'Download archive' : KIND_NAMES[record.kind];
  return `${what} ${record.databaseName} (${record.instanceName})`;
}
