import { dirname } from 'node:path';
import { isAppError, toAppErrorData, type AppError } from '../../../shared/errors';
import type { PausedReason } from '../../../shared/model/transfer';
import { runArchiveDownload } from './download/archive-runner';
import { describedDiskFull, diskFullCause, diskFullError } from './disk-full';
import { runExport } from './download/export-runner';
import { runImport } from './upload/import-runner';
import { removeClone } from './upload/source-clone';
import type { JournalStore, SaveOptions } from './journal-store';
import type { TransferJournal } from './journal-schema';
import { isRetryable } from './step-retry';
import type { TransferContext, TransferEngineSettings } from './transfer-context';
import type { ServiceCaller, TransferConnections } from './transfer-ports';
import { isMd5Verified } from './transfer-md5';
import { TransferQueue } from './transfer-queue';
import type { Timers } from '../time/timers';
import { StopRequest, type TransferRun } from './transfer-run';
import { callsFor, journalAction } from './transfer-action';
import { reportRetry } from './retry-notice';

/** Options of {@link RunDriver}. */
export interface RunDriverOptions {
  journals: JournalStore;
  connections: TransferConnections;
  settings: TransferEngineSettings;
  now: () => number;
  timers: Timers;
  /** Wait before a transfer paused for the network tries again by itself (default 60 s). */
  networkRetryMs?: number;
  /** Transfers moving bytes at once (a setting; default: no limit). */
  transfersAtOnce?: () => number;
}

/** States in which an import's bytes are done: it gives its queue slot back. */
const PAST_BYTES = new Set(['completing', 'importing']);

const AUTH_CODES = new Set(['AUTH_EXPIRED', 'AUTH_REQUIRED']);

/**
 * Runs transfers: one background run per transfer at a time, with an AbortController that
 * pause and cancel fire. It decides how a run ends: done (journal removed), paused (by the
 * user, the app quitting, an expired sign-in, a network that stayed down through the
 * retries, or a full disk), or failed with an error the user must see. Every run ends in one
 * of these states, shown even when the journal cannot be written.
 */
export class RunDriver {
  readonly #options: RunDriverOptions;
  /** Timers of transfers paused for the network, which try again by themselves. */
  readonly #comeback = new Map<TransferRun, unknown>();
  /** The transfers waiting for a slot, in order; see {@link TransferQueue}. */
  readonly queue: TransferQueue;

  constructor(options: RunDriverOptions) {
    this.#options = options;
    this.queue = new TransferQueue({ limit: options.transfersAtOnce ?? (() => Infinity) });
  }

  /** Starts a run of `run` unless one is going; it waits in the queue while no slot is free. */
  start(run: TransferRun): void {
    this.#cancelComeback(run);
    if (run.running) return;
    const journal = run.journal;
    journal.status = 'active';
    delete journal.pausedReason;
    delete journal.error;
    this.queue.admit(run, () => this.#begin(run));
  }

  #begin(run: TransferRun): void {
    if (run.running) return;
    const controller = new AbortController();
    run.controller = controller;
    run.runs += 1;
    run.setState(run.journal.phase);
    run.running = this.#drive(run, controller.signal).finally(() => {
      run.running = undefined;
      run.controller = undefined;
      this.queue.release(run);
    });
  }

  /** Stops the run in progress with `request` and waits until it has wound down. */
  async stop(run: TransferRun, request: StopRequest): Promise<void> {
    this.#cancelComeback(run);
    run.controller?.abort(request);
    await run.running;
  }

  /** Forgets every pending automatic retry (the service is disposed). */
  dispose(): void {
    for (const run of [...this.#comeback.keys()]) this.#cancelComeback(run);
  }

  /** Marks a transfer that is not running as paused for `reason`, in its journal too. */
  async markPaused(
    run: TransferRun,
    reason: PausedReason,
    error?: { code: string; message: string },
  ): Promise<void> {
    this.#cancelComeback(run);
    this.queue.remove(run);
    run.journal.status = 'paused';
    run.journal.pausedReason = reason;
    if (error) run.journal.error = error;
    await this.#saveEnd(run);
    run.setState('paused', { pausedReason: reason, ...(error ? { error } : {}) });
  }

  async #drive(run: TransferRun, signal: AbortSignal): Promise<void> {
    const { journals, connections, settings } = this.#options;
    const journal = run.journal;
    try {
      await this.#save(run);
      // Every call of every run is made for the transfer's one action (the audit trail's row).
      const client = callsFor(connections.get(journal.profileId).client, journalAction(journal));
      if (journal.kind === 'import') await runImport(this.#context(run, journal, client, signal));
      else if (journal.kind === 'export')
        await runExport(this.#context(run, journal, client, signal));
      else await runArchiveDownload(this.#context(run, journal, client, signal));
    } catch (error) {
      await this.#ended(run, error, signal).catch((endError: unknown) => {
        settings.logger.error('Could not decide how a transfer ended', {
          transferId: journal.id,
          error: endError,
        });
        // Never left "running" with nothing behind it: the user sees it stopped, and why.
        const data = toAppErrorData(error);
        run.setState('failed', { error: { code: data.code, message: data.message } });
      });
      return;
    }
    // The work is done: a journal that cannot be removed only means a stale file.
    if (journal.kind === 'import') await removeClone(journal, settings);
    await journals.remove(journal.id).catch((error: unknown) => {
      settings.logger.warn('Could not remove the journal of a finished transfer', {
        transferId: journal.id,
        error,
      });
    });
    run.setState('done', isMd5Verified(journal) ? { md5Verified: true } : {});
  }

  async #ended(run: TransferRun, error: unknown, signal: AbortSignal): Promise<void> {
    const { logger } = this.#options.settings;
    const reason: unknown = signal.reason;
    if (signal.aborted && reason instanceof StopRequest) {
      // A cancel is finished by TransferService.cancel (it removes the journal).
      if (reason.kind === 'pause') await this.markPaused(run, reason.pausedReason);
      return;
    }
    const full = await this.#diskFull(run, error);
    if (full) {
      // The bytes on disk and the journal are kept: the transfer goes on once there is room.
      logger.warn('Transfer paused: a disk is full', { transferId: run.journal.id });
      await this.markPaused(run, 'disk-full', { code: full.code, message: full.message });
      return;
    }
    const data = toAppErrorData(error);
    const shown = { code: data.code, message: data.message };
    if (isAppError(error) && AUTH_CODES.has(error.code)) {
      // Waits for the user to sign in again: TransferService resumes it on 'signedIn'.
      logger.info('Transfer paused until sign-in', { transferId: run.journal.id });
      await this.markPaused(run, 'auth-expired', shown);
      return;
    }
    if (isRetryable(error)) {
      logger.warn('Transfer paused after its retries', {
        transferId: run.journal.id,
        code: data.code,
      });
      await this.markPaused(run, 'network', shown);
      this.#scheduleComeback(run);
      return;
    }
    if (isAppError(error) && error.code === 'CANCELLED') {
      // Stopped from outside this transfer (the job watcher shut down as the app quits): the
      // work is not lost, it waits in its journal.
      await this.markPaused(run, 'app-quit');
      return;
    }
    if (!isAppError(error))
      logger.error('Transfer failed unexpectedly', { transferId: run.journal.id, error });
    run.journal.status = 'failed';
    run.journal.error = shown;
    // A failed upload no longer holds its snapshot: a retry reads the file, with its checks.
    if (run.journal.kind === 'import' && (await removeClone(run.journal, this.#options.settings)))
      run.patch({ readsClone: undefined });
    await this.#saveEnd(run);
    run.setState('failed', { error: shown });
  }

  /** The DISK_FULL error behind `error`, described here when no write site did. */
  async #diskFull(run: TransferRun, error: unknown): Promise<AppError | undefined> {
    const described = describedDiskFull(error);
    const cause = diskFullCause(error);
    if (described || !cause) return described;
    const journal = run.journal;
    const folder =
      journal.kind === 'import'
        ? dirname(this.#options.journals.fileOf(journal.id))
        : journal.destinationFolder;
    const site = { disk: this.#options.settings.disk, what: 'the transfer' };
    return diskFullError({ ...site, path: cause.path ?? folder }, error);
  }

  /**
   * Journals how a run ended. A journal that cannot be written (its disk is full too) must not
   * keep the end from being shown: it is logged, and the journal on disk keeps the last state
   * it could write, from which the transfer resumes.
   */
  async #saveEnd(run: TransferRun): Promise<void> {
    await this.#save(run).catch((error: unknown) => {
      this.#options.settings.logger.error('Could not journal how a transfer ended', {
        transferId: run.journal.id,
        error,
      });
    });
  }

  /**
   * A network that stayed down through every retry may come back: try again later by
   * ourselves, so an import survives an outage longer than the retries without the user.
   */
  #scheduleComeback(run: TransferRun): void {
    const { timers, networkRetryMs = 60_000 } = this.#options;
    this.#comeback.set(
      run,
      timers.setTimeout(() => {
        this.#comeback.delete(run);
        const { state, pausedReason } = run.record;
        if (state === 'paused' && pausedReason === 'network') this.start(run);
      }, networkRetryMs),
    );
  }

  #cancelComeback(run: TransferRun): void {
    const handle = this.#comeback.get(run);
    if (handle === undefined) return;
    this.#options.timers.clearTimeout(handle);
    this.#comeback.delete(run);
  }

  #save(run: TransferRun, options?: SaveOptions): Promise<void> {
    run.journal.updatedAt = new Date(this.#options.now()).toISOString();
    return this.#options.journals.save(run.journal, options);
  }

  #context<J extends TransferJournal>(
    run: TransferRun,
    journal: J,
    client: ServiceCaller,
    signal: AbortSignal,
  ): TransferContext<J> {
    const { settings } = this.#options;
    const retry = reportRetry(settings, journal.id, (step, notice) =>
      run.noteRetrying(step, notice),
    );
    return {
      journal,
      signal,
      client,
      settings,
      firstRun: !run.fromDisk && run.runs === 1,
      save: (options) => this.#save(run, options),
      setState: (state) => {
        run.setState(state);
        if (journal.kind === 'import' && PAST_BYTES.has(state)) this.queue.release(run);
      },
      setBytes: (done, total) => run.setBytes(done, total),
      addBytes: (delta) => run.addBytes(delta),
      patch: (fields) => run.patch(fields),
      retrying: (step, notice) => run.noteRetrying(step, notice),
      retryContext: (what) => ({
        policy: settings.retry,
        sleep: settings.sleep,
        random: settings.random,
        now: settings.now,
        signal,
        onRetry: (error, attempt, delayMs) => retry(what, error, attempt, delayMs),
        onRecovered: () => run.noteRetrying(what, undefined),
      }),
    };
  }
}
