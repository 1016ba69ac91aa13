import type { EventChannel, EventPayload } from '../../shared/ipc/contract';
import type { IpcJobEvent } from '../../shared/ipc/activity-channels';
import { isFinalTransferState, type TransferRecord } from '../../shared/model/transfer';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import type { KnownPaths } from './known-paths';
import type { PlatformPort } from './platform-port';

/** One running item as the tray menu lists it. */
export interface ActivityItem {
  readonly kind: 'transfer' | 'job';
  readonly id: string;
  readonly label: string;
}

/** What runs now. */
export interface ActivitySnapshot {
  readonly transfers: readonly ActivityItem[];
  readonly jobs: readonly ActivityItem[];
}

/**
 * Follows transfers and jobs from the app's events, for everything outside the window: a
 * native notification when one ends, the taskbar progress while transfers run, the tray
 * menu's list. It holds no Electron object, so the harness runs it too (with a platform that
 * has no notifications).
 */
export class ActivityMonitor {
  readonly #platform: PlatformPort;
  readonly #knownPaths: KnownPaths;
  readonly #transfers = new Map<string, TransferRecord>();
  readonly #jobs = new Map<string, IpcJobEvent['job']>();
  /** Jobs that belong to a transfer, which reports them itself. */
  readonly #transferJobIds = new Set<string>();
  readonly #listeners = new Set<(snapshot: ActivitySnapshot) => void>();
  readonly #unsubscribe: () => void;

  constructor(options: { bus: AppEventBus; platform: PlatformPort; knownPaths: KnownPaths }) {
    this.#platform = options.platform;
    this.#knownPaths = options.knownPaths;
    this.#unsubscribe = options.bus.subscribe((event, payload) => this.#onEvent(event, payload));
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
        label: j.label ?? `${j.type ?? 'Job'} on ${j.instanceName}`,
      })),
    };
  }

  /** Calls `listener` whenever the snapshot may have changed; the answer stops it. */
  onDidChange(listener: (snapshot: ActivitySnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops following. */
  dispose(): void {
    this.#unsubscribe();
    this.#listeners.clear();
  }

  #onEvent(event: EventChannel, payload: unknown): void {
    if (event === 'transfers:onDidChange') {
      this.#onTransfer(payload as EventPayload<'transfers:onDidChange'>);
    } else if (event === 'jobs:onDidChange') {
      this.#onJob(payload as EventPayload<'jobs:onDidChange'>);
    } else {
      return;
    }
    const snapshot = this.snapshot();
    for (const listener of [...this.#listeners]) listener(snapshot);
  }

  #onTransfer(record: TransferRecord): void {
    this.#knownPaths.add(record.sourcePath, record.destinationFolder, ...(record.files ?? []));
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
  }

  #onJob({ kind, job }: IpcJobEvent): void {
    // Jobs the app did not start (seen in an open jobs view) are not the tray's business.
    if (!job.startedByApp) return;
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
    const label = job.label ?? `${job.type ?? 'Job'} on ${job.instanceName}`;
    this.#platform.notify({
      title: kind === 'succeeded' ? 'Job finished' : 'Job failed',
      body: kind === 'failed' && job.error ? `${label}: ${job.error}` : label,
      item: { kind: 'job', id: job.jobId },
    });
  }

  #notifyTransfer(record: TransferRecord): void {
    const what = record.kind === 'import' ? 'Import' : 'Export';
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

function transferLabel(record: TransferRecord): string {
  return `${record.kind === 'import' ? 'Import' : 'Export'} ${record.databaseName} (${record.instanceName})`;
}
