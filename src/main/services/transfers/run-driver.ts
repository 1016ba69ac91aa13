import { isAppError, toAppErrorData } from '../../../shared/errors';
import type { PausedReason } from '../../../shared/model/transfer';
import { runArchiveDownload } from './archive-runner';
import { runExport } from './export-runner';
import { runImport } from './import-runner';
import type { JournalStore, SaveOptions } from './journal-store';
import type { TransferJournal } from './journal-schema';
import { isRetryable } from './step-retry';
import type { TransferContext, TransferEngineSettings } from './transfer-context';
import type { ServiceCaller, TransferConnections } from './transfer-ports';
import { TransferQueue } from './transfer-queue';
import type { Timers } from '../time/timers';
import { StopRequest, type TransferRun } from './transfer-run';

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
 * user, the app quitting, an expired sign-in, or a network that stayed down through the
 * retries), or failed with an error the user must see.
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
    await this.#save(run);
    run.setState('paused', { pausedReason: reason, ...(error ? { error } : {}) });
  }

  async #drive(run: TransferRun, signal: AbortSignal): Promise<void> {
    const { journals, connections, settings } = this.#options;
    try {
      await this.#save(run);
      const { client } = connections.get(run.journal.profileId);
      const journal = run.journal;
      if (journal.kind === 'import') await runImport(this.#context(run, journal, client, signal));
      else if (journal.kind === 'export')
        await runExport(this.#context(run, journal, client, signal));
      else await runArchiveDownload(this.#context(run, journal, client, signal));
      await journals.remove(journal.id);
      run.setState('done');
    } catch (error) {
      await this.#ended(run, error, signal).catch((saveError: unknown) => {
        settings.logger.error('Could not record how a transfer ended', {
          transferId: run.journal.id,
          error: saveError,
        });
      });
    }
  }

  async #ended(run: TransferRun, error: unknown, signal: AbortSignal): Promise<void> {
    const { logger } = this.#options.settings;
    const reason: unknown = signal.reason;
    if (signal.aborted && reason instanceof StopRequest) {
      // A cancel is finished by TransferService.cancel (it removes the journal).
      if (reason.kind === 'pause') await this.markPaused(run, reason.pausedReason);
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
    await this.#save(run);
    run.setState('failed', { error: shown });
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
      retryContext: (what) => ({
        policy: settings.retry,
        sleep: settings.sleep,
        random: settings.random,
        signal,
        onRetry: (error, attempt, delayMs) =>
          settings.logger.warn('Retrying a transfer step', {
            transferId: journal.id,
            step: what,
            attempt,
            delayMs,
            code: isAppError(error) ? error.code : undefined,
          }),
      }),
    };
  }
}
