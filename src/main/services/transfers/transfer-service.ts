import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppError } from '../../../shared/errors';
import {
  PlanImportInputSchema,
  StartArchiveDownloadInputSchema,
  StartExportInputSchema,
  StartImportInputSchema,
  isFinalTransferState,
  type ImportPlan,
  type PausedReason,
  type PlanImportInput,
  type StartArchiveDownloadInput,
  type StartExportInput,
  type StartImportInput,
  type TransferRecord,
} from '../../../shared/model/transfer';
import { Emitter, type Subscription } from '../common/emitter';
import { systemTimers, type Timers } from '../time/timers';
import { newArchiveJournal } from './download/archive-runner';
import { checkExport } from './download/export-runner';
import { newImportJournal } from './upload/import-plan';
import { ImportPlans } from './upload/import-plans';
import { removeClone } from './upload/source-clone';
import { DamagedTransfers } from './damaged-journal';
import type { DamagedJournal } from './damaged-journal';
import type { JournalStore } from './journal-store';
import type { TransferJournal } from './journal-schema';
import type { TransferEngineSettings } from './transfer-context';
import { RunDriver } from './run-driver';
import {
  assertNoTwinImport,
  checkFolder,
  checkImportDatabaseName,
  newExportJournal,
  parseInput,
} from './transfer-inputs';
import { engineSettings, journalStoreOf, type TransferServiceOptions } from './transfer-options';
import type { TransferConnections } from './transfer-ports';
import { StopRequest, TransferRun } from './transfer-run';

export type { TransferServiceOptions } from './transfer-options';

function notFound(id: string): AppError {
  return new AppError({
    code: 'NOT_FOUND',
    message: `There is no transfer ${id}; refresh the list.`,
  });
}

/**
 * The transfer engine's facade, called by the IPC layer: plans and starts imports and exports,
 * pauses, resumes, cancels and retries them, resumes unfinished ones from their journals at
 * start-up, and reports every change of a transfer record to its listeners.
 */
export class TransferService {
  readonly #journals: JournalStore;
  readonly #connections: TransferConnections;
  readonly #settings: TransferEngineSettings;
  readonly #driver: RunDriver;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #idFactory: () => string;
  readonly #intervalMs: number;
  readonly #plans: ImportPlans;
  readonly #runs = new Map<string, TransferRun>();
  readonly #onDidChange = new Emitter<TransferRecord>();
  readonly #unsubscribe: (() => void)[] = [];
  #loaded: Promise<void> | undefined;
  readonly #damaged = new DamagedTransfers((record) => this.#onDidChange.fire(record));

  constructor(options: TransferServiceOptions) {
    this.#journals = journalStoreOf(options);
    this.#connections = options.connections;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
    this.#idFactory = options.idFactory ?? randomUUID;
    this.#intervalMs = options.progressIntervalMs ?? 250;
    this.#settings = engineSettings(options);
    const { partPlan, sourceFs } = options;
    this.#plans = new ImportPlans({ now: this.#now, partPlan, sourceFs });
    this.#driver = new RunDriver({
      journals: this.#journals,
      connections: this.#connections,
      settings: this.#settings,
      now: this.#now,
      timers: this.#timers,
      ...(options.networkRetryMs === undefined ? {} : { networkRetryMs: options.networkRetryMs }),
      ...(options.transfersAtOnce ? { transfersAtOnce: options.transfersAtOnce } : {}),
    });
    this.#unsubscribe.push(
      this.#connections.onDidChangeState((state) => {
        if (state.status === 'signedIn') this.#resumeAfterSignIn(state.profileId);
      }),
      options.jobWatcher.onDidChange((event) => {
        for (const run of this.#runs.values()) {
          if (run.running && run.journal.jobId === event.job.jobId) {
            run.patch({ jobStatus: event.job.status });
          }
        }
      }),
    );
  }

  /**
   * How an import of a file would run (type check, single-stream or parts), under a plan id
   * that {@link startImport} takes: the file is read here, once.
   */
  async planImport(input: PlanImportInput): Promise<ImportPlan> {
    return this.#plans.plan(parseInput(PlanImportInputSchema, input));
  }

  /**
   * Starts the import of a plan of {@link planImport}; answers its record at once (the upload
   * runs in the background). The file is only checked (one stat) to be the one planned.
   */
  async startImport(input: StartImportInput): Promise<TransferRecord> {
    const parsed = parseInput(StartImportInputSchema, input);
    checkImportDatabaseName(parsed.databaseName);
    const planned = this.#plans.get(parsed.planId, parsed.profileId);
    if (!planned.typeCheck.ok)
      throw new AppError({ code: 'VALIDATION', message: planned.typeCheck.message });
    this.#connections.get(parsed.profileId);
    assertNoTwinImport(this.#runs.values(), parsed, planned.fileType);
    // Taken before the await: a plan starts one import, even when asked twice at once.
    this.#plans.forget(parsed.planId);
    await this.#plans.assertUnchanged(planned);
    const at = new Date(this.#now()).toISOString();
    return this.#launch(newImportJournal(parsed, planned, this.#idFactory(), at));
  }

  /** Checks the export rules, then starts the export; answers its record at once. */
  async startExport(input: StartExportInput): Promise<TransferRecord> {
    const parsed = parseInput(StartExportInputSchema, input);
    const folder = resolve(parsed.destinationFolder);
    await checkFolder(folder);
    const id = this.#idFactory();
    await checkExport(this.#connections.get(parsed.profileId).client, parsed, id);
    const at = new Date(this.#now()).toISOString();
    return this.#launch(newExportJournal(parsed, folder, id, at));
  }

  /** Reads the archive and checks the folder, then downloads its files; answers at once. */
  async startArchiveDownload(input: StartArchiveDownloadInput): Promise<TransferRecord> {
    const parsed = parseInput(StartArchiveDownloadInputSchema, input, 'download the archive');
    const folder = resolve(parsed.destinationFolder);
    await checkFolder(folder);
    const { client } = this.#connections.get(parsed.profileId);
    const ids = { id: this.#idFactory(), at: new Date(this.#now()).toISOString() };
    return this.#launch(await newArchiveJournal(client, parsed, folder, ids, this.#settings.disk));
  }

  /** Every transfer of this session and those read from journals. */
  list(): TransferRecord[] {
    return [...[...this.#runs.values()].map((run) => run.snapshot()), ...this.#damaged.list()];
  }

  /** One transfer's record. */
  get(id: string): TransferRecord {
    return this.#damaged.get(id) ?? this.#run(id).snapshot();
  }

  /** Reads the journals (once) and answers the unfinished transfers found there. */
  async listResumable(): Promise<TransferRecord[]> {
    await this.#load();
    return [...this.#runs.values()]
      .filter((run) => run.fromDisk && !isFinalTransferState(run.record.state))
      .map((run) => run.snapshot());
  }

  /** Journals that could not be read at start-up (moved aside), for the UI to mention. */
  damagedJournals(): DamagedJournal[] {
    return this.#damaged.journals();
  }

  /**
   * At start-up: resumes every unfinished transfer of the journals except those the user
   * paused or that failed. A profile that is not signed in yet waits, paused 'auth-expired'.
   */
  async resumeAll(): Promise<TransferRecord[]> {
    await this.#load();
    for (const run of this.#runs.values()) {
      const { status, pausedReason } = run.journal;
      if (run.running || status === 'failed' || isFinalTransferState(run.record.state)) continue;
      if (status === 'paused' && pausedReason === 'user') continue;
      if (this.#signedIn(run.journal.profileId)) this.#driver.start(run);
      else await this.#driver.markPaused(run, 'auth-expired');
    }
    return this.list();
  }

  /** Pauses a transfer; its journal keeps it for a later resume. */
  async pause(id: string): Promise<TransferRecord> {
    const run = this.#run(id);
    if (isFinalTransferState(run.record.state)) throw finished(run);
    if (run.running) await this.#driver.stop(run, new StopRequest('pause', 'user'));
    else await this.#driver.markPaused(run, 'user');
    return run.snapshot();
  }

  /** Resumes a paused (or waiting) transfer where it stopped. */
  resume(id: string): Promise<TransferRecord> {
    const run = this.#run(id);
    if (run.record.state === 'failed') return this.retry(id);
    if (isFinalTransferState(run.record.state)) return Promise.reject(finished(run));
    this.#driver.start(run);
    return Promise.resolve(run.snapshot());
  }

  /**
   * Cancels a transfer: stops it and removes its journal (and a download's partial files). It
   * calls nothing destructive on the service: a job already started there runs on.
   */
  async cancel(id: string): Promise<TransferRecord> {
    const run = this.#run(id);
    if (run.record.state === 'done' || run.record.state === 'cancelled') return run.snapshot();
    if (run.running) await this.#driver.stop(run, new StopRequest('cancel'));
    this.#driver.queue.remove(run);
    // It may have finished while it was being stopped: a done transfer stays done.
    const after: TransferRecord = run.snapshot();
    if (after.state === 'done') return after;
    if (run.journal.kind === 'import') await removeClone(run.journal, this.#settings);
    await this.#journals.remove(id);
    if (run.journal.kind !== 'import') {
      await Promise.all(run.journal.files.map((file) => rm(`${file.dest}.part`, { force: true })));
    }
    run.setState('cancelled');
    return run.snapshot();
  }

  /**
   * Runs a failed transfer again from its journal. After a failed job the import or export is
   * sent again (a new job; an upload is not sent again); otherwise it goes on where it stopped.
   */
  retry(id: string): Promise<TransferRecord> {
    const run = this.#run(id);
    if (run.record.state !== 'failed') return this.resume(id);
    if (run.journal.error?.code === 'JOB_FAILED') delete run.journal.jobId;
    delete run.journal.error;
    this.#driver.start(run);
    return Promise.resolve(run.snapshot());
  }

  /** Moves a queued transfer one place up or down in the queue. */
  moveInQueue(id: string, direction: 'up' | 'down'): TransferRecord {
    const run = this.#run(id);
    this.#driver.queue.move(run, direction === 'up' ? -1 : 1);
    return run.snapshot();
  }

  /** Starts a queued transfer now, past the limit of transfers at once. */
  startNow(id: string): TransferRecord {
    const run = this.#run(id);
    this.#driver.queue.startNow(run);
    return run.snapshot();
  }

  /** The setting of transfers at once changed: queued ones start while slots are free. */
  applyQueueLimit(): void {
    this.#driver.queue.pump();
  }

  /** The user pauses every transfer that runs or waits in the queue. */
  async pauseEverything(): Promise<TransferRecord[]> {
    const live = [...this.#runs.values()].filter(
      (run) => !isFinalTransferState(run.record.state) && run.record.state !== 'paused',
    );
    await Promise.all(live.map((run) => this.pause(run.journal.id)));
    return this.list();
  }

  /** The user resumes every paused transfer (they queue behind the limit). */
  resumeEverything(): TransferRecord[] {
    for (const run of this.#runs.values()) {
      if (run.record.state === 'paused' && !run.running) this.#driver.start(run);
    }
    return this.list();
  }

  /** Pauses every running transfer with `reason` (the app quits: they resume next time). */
  async pauseAll(reason: PausedReason = 'app-quit'): Promise<void> {
    const running = [...this.#runs.values()].filter((run) => run.running !== undefined);
    await Promise.all(
      running.map((run) => this.#driver.stop(run, new StopRequest('pause', reason))),
    );
  }

  /** Calls `listener` on every change of a transfer record; the answer unsubscribes. */
  onDidChange(listener: (record: TransferRecord) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  /**
   * Resolves when the transfer's current run has stopped (done, failed, paused or cancelled);
   * a queued transfer is waited for until it has started and stopped.
   */
  async settled(id: string): Promise<TransferRecord> {
    const run = this.#run(id);
    await this.#driver.queue.left(run);
    await run.running;
    return this.get(id);
  }

  /** Pauses everything (app-quit) and stops listening to the connections and jobs. */
  async dispose(): Promise<void> {
    await this.pauseAll('app-quit');
    this.#driver.dispose();
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    for (const run of this.#runs.values()) run.dispose();
    this.#onDidChange.dispose();
  }

  async #launch(journal: TransferJournal): Promise<TransferRecord> {
    await this.#journals.save(journal);
    const run = this.#add(journal, journal.phase, false);
    this.#driver.start(run);
    return run.snapshot();
  }

  #add(journal: TransferJournal, state: TransferRecord['state'], fromDisk: boolean): TransferRun {
    const run = new TransferRun({
      journal,
      state,
      fromDisk,
      now: this.#now,
      timers: this.#timers,
      intervalMs: this.#intervalMs,
      emit: (record) => this.#onDidChange.fire(record),
    });
    this.#runs.set(journal.id, run);
    return run;
  }

  #run(id: string): TransferRun {
    const run = this.#runs.get(id);
    this.#damaged.refuse(id);
    if (!run) throw notFound(id);
    return run;
  }

  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      const { journals, damaged } = await this.#journals.loadAll();
      // Each on a card of its own: what was lost is said without --verbose or a log.
      this.#damaged.add(damaged, new Date(this.#now()).toISOString(), this.#settings.logger);
      for (const journal of journals) {
        if (this.#runs.has(journal.id)) continue;
        const state = journal.status === 'active' ? 'queued' : journal.status;
        this.#add(journal, state, true);
      }
    })();
    return this.#loaded;
  }

  #signedIn(profileId: string): boolean {
    try {
      return this.#connections.state(profileId).status === 'signedIn';
    } catch {
      return false;
    }
  }

  #resumeAfterSignIn(profileId: string): void {
    for (const run of this.#runs.values()) {
      const waiting = run.record.state === 'paused' && run.record.pausedReason === 'auth-expired';
      if (waiting && run.journal.profileId === profileId && !run.running) this.#driver.start(run);
    }
  }
}

function finished(run: TransferRun): AppError {
  return new AppError({
    code: 'VALIDATION',
    message: `This transfer is ${run.record.state} already; start a new one instead.`,
  });
}
