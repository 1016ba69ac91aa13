import { AppError } from '../../../shared/errors';
import type { UpdateState, UpdateStatus } from '../../../shared/model/updates';
import { Emitter, type Subscription } from '../common/emitter';
import { silentLogger, type Logger } from '../log/logger';
import { systemTimers, type Timers } from '../time/timers';
import {
  failureMessage,
  feedChoice,
  firstLine,
  installVerdict,
  nextCheckDelay,
  shownFeed,
  updateAvailability,
  type FeedChoice,
  type InstallVerdict,
  type UpdateAvailability,
} from './update-decisions';
import type { UpdateServiceOptions } from './update-service-options';
import type { UpdaterEngine, UpdaterEvent } from './updater-engine';
import { versionVerdict } from './update-versions';

/*
 * The updater: applies the decisions of update-decisions.ts to an updater engine (Electron's
 * is electron-updater, in platform/updater.ts; the browser harness has a scripted one) and
 * reports what it does as one status, for the About box. No Electron here.
 */

/**
 * Checks at start and daily (`auto`) or when asked (`manual`), downloads in the background,
 * lets a downloaded update install on quit only while no transfer runs and no job is
 * followed, and says at every step what it does and why.
 */
export class UpdateService {
  readonly #options: UpdateServiceOptions;
  readonly #timers: Timers;
  readonly #now: () => Date;
  readonly #logger: Logger;
  readonly #onDidChange = new Emitter<UpdateStatus>();
  readonly #stops: (() => void)[] = [];
  #engine: UpdaterEngine | undefined;
  #state: UpdateState = { status: 'idle' };
  #lastCheckAt: string | null = null;
  #last: 'none' | 'ok' | 'failed' = 'none';
  #failures = 0;
  #timer: unknown;
  #checking: Promise<void> | undefined;
  /** The engine is answering a check (its errors then come back as the check's rejection). */
  #inCheck = false;
  #version: string | undefined;

  constructor(options: UpdateServiceOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
    this.#now = options.now ?? (() => new Date());
    this.#logger = options.logger ?? silentLogger;
    const password = this.#mirror() && new URL(this.#mirror() ?? '').password;
    if (password) this.#logger.addSecret?.(decodeURIComponent(password));
  }

  /** Follows the settings and the activity, and schedules the first check. */
  start(): void {
    void this.#options.lastCheck
      ?.read()
      .then((at) => {
        if (at === undefined || this.#lastCheckAt !== null) return;
        this.#lastCheckAt = at;
        this.#publish();
      })
      .catch((error: unknown) =>
        this.#logger.warn('Could not read the last update check', { error }),
      );
    const refresh = (): void => this.#refresh();
    this.#stops.push(
      this.#options.settings.onDidChange(refresh),
      this.#options.transfers.onDidChange(refresh),
      this.#options.jobs.onDidChange(refresh),
    );
    this.#refresh();
  }

  /** What the updater is doing, for the About box. */
  status(): UpdateStatus {
    const { updateMode, updateChannel } = this.#options.settings.get();
    const pinVersion = this.#options.policy?.updates?.pinVersion;
    return {
      mode: updateMode,
      channel: updateChannel,
      feed: shownFeed(this.#feed().feed),
      ...(pinVersion ? { pinVersion } : {}),
      lastCheckAt: this.#lastCheckAt,
      state: this.#shownState(),
    };
  }

  /** Checks now (the user asked); refused, saying why, where updates are off. */
  async check(): Promise<UpdateStatus> {
    const availability = this.#availability();
    if (!availability.on) {
      throw new AppError({
        code: availability.reason === 'policy' ? 'FORBIDDEN' : 'VALIDATION',
        message: availability.message,
      });
    }
    await this.#runCheck();
    return this.status();
  }

  /**
   * Before the app quits (and before transfers are paused for it): lets a downloaded update
   * install only when updates are on here and nothing runs; answers the verdict.
   */
  prepareQuit(): InstallVerdict {
    const verdict = this.#installVerdict();
    const allowed = verdict.now && this.#availability().on;
    this.#engine?.setInstallOnQuit(allowed);
    if (this.#state.status === 'downloaded') {
      this.#logger.info(
        allowed ? 'The downloaded update installs as the app quits' : 'The update waits',
        {
          version: this.#state.version,
          ...(verdict.now ? {} : { waitingFor: verdict.waitingFor }),
        },
      );
    }
    return verdict;
  }

  /** Calls `listener` with the status after every change. */
  onDidChange(listener: (status: UpdateStatus) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  dispose(): void {
    this.#timers.clearTimeout(this.#timer);
    for (const stop of this.#stops.splice(0)) stop();
    this.#onDidChange.dispose();
  }

  #mirror(): string | undefined {
    return this.#options.policy?.updates?.url;
  }

  #feed(): FeedChoice {
    const channel = this.#options.settings.get().updateChannel;
    return feedChoice({ channel, mirrorUrl: this.#mirror() });
  }

  #availability(): UpdateAvailability {
    return updateAvailability({
      kind: this.#options.kind,
      mode: this.#options.settings.get().updateMode,
      modeSource: this.#options.settings.sources().updateMode,
    });
  }

  #installVerdict(): InstallVerdict {
    return installVerdict({
      transfers: this.#options.transfers.list(),
      jobs: this.#options.jobs.list(),
    });
  }

  /** The state, with what a downloaded update waits for now, or why updates are off. */
  #shownState(): UpdateState {
    const availability = this.#availability();
    if (!availability.on) return { status: 'disabled', ...availability };
    if (this.#state.status !== 'downloaded') return this.#state;
    const verdict = this.#installVerdict();
    const { version } = this.#state;
    return verdict.now
      ? { status: 'downloaded', version }
      : { status: 'downloaded', version, waitingFor: verdict.waitingFor };
  }

  /** After a change of settings or activity: the status again, and the next check. */
  #refresh(): void {
    this.#schedule();
    this.#publish();
  }

  #publish(): void {
    this.#onDidChange.fire(this.status());
  }

  #schedule(): void {
    this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    const delay = nextCheckDelay({
      mode: this.#options.settings.get().updateMode,
      on: this.#availability().on,
      last: this.#last,
      failures: this.#failures,
    });
    if (delay === undefined || this.#checking) return;
    this.#timer = this.#timers.setTimeout(() => void this.#runCheck(), delay);
  }

  #engineConfigured(): UpdaterEngine {
    if (!this.#engine) {
      const engine = this.#options.createEngine();
      this.#stops.push(engine.onEvent((event) => this.#onEngineEvent(event)));
      this.#engine = engine;
    }
    const current = this.#options.currentVersion;
    const pinVersion = this.#options.policy?.updates?.pinVersion;
    this.#engine.configure({
      feed: this.#feed(),
      autoDownload: this.#options.settings.get().updateMode !== 'off',
      mayTake: (found) => versionVerdict({ current, found, pinVersion }).take,
    });
    return this.#engine;
  }

  /** One check at a time; a second caller waits for the running one. */
  #runCheck(): Promise<void> {
    this.#checking ??= this.#checkOnce().finally(() => {
      this.#checking = undefined;
      this.#refresh();
    });
    return this.#checking;
  }

  async #checkOnce(): Promise<void> {
    if (this.#state.status === 'downloading') return;
    this.#inCheck = true;
    try {
      await this.#engineConfigured().check();
      this.#last = 'ok';
      this.#failures = 0;
    } catch (error) {
      this.#failed('check', error instanceof Error ? error.message : String(error));
    } finally {
      this.#inCheck = false;
      this.#checked(this.#now().toISOString());
    }
  }

  /** Notes the end of a check, here and in the data folder. */
  #checked(at: string): void {
    this.#lastCheckAt = at;
    void this.#options.lastCheck
      ?.write(at)
      .catch((error: unknown) =>
        this.#logger.warn('Could not save the last update check', { error }),
      );
  }

  #failed(what: 'check' | 'download', reason: string): void {
    this.#last = 'failed';
    this.#failures += 1;
    const message = failureMessage({
      what,
      reason,
      mode: this.#options.settings.get().updateMode,
      failures: this.#failures,
      fromMirror: this.#mirror() !== undefined,
    });
    this.#state = { status: 'error', message };
    this.#logger.warn(what === 'check' ? 'An update check failed' : 'An update download failed', {
      reason: firstLine(reason),
    });
  }

  #onEngineEvent(event: UpdaterEvent): void {
    // A check that fails also rejects: #checkOnce reports it, once.
    if (event.kind === 'error' && this.#inCheck) return;
    this.#state = this.#nextState(event);
    if (event.kind === 'error' && !this.#checking) this.#schedule();
    this.#publish();
  }

  #nextState(event: UpdaterEvent): UpdateState {
    switch (event.kind) {
      case 'checking':
        return { status: 'checking' };
      case 'available':
        this.#version = event.version;
        return { status: 'available', version: event.version };
      case 'progress':
        return {
          status: 'downloading',
          version: this.#version ?? 'the new version',
          percent: Math.min(100, Math.max(0, event.percent)),
        };
      case 'downloaded':
        this.#logger.info('An update was downloaded and verified', { version: event.version });
        return { status: 'downloaded', version: event.version };
      case 'notAvailable':
        return this.#upToDate(event.version);
      case 'error':
        this.#failed(this.#state.status === 'downloading' ? 'download' : 'check', event.message);
        return this.#state;
    }
  }

  #upToDate(found: string | undefined): UpdateState {
    if (found === undefined) return { status: 'idle' };
    const current = this.#options.currentVersion;
    const pinVersion = this.#options.policy?.updates?.pinVersion;
    const verdict = versionVerdict({ current, found, pinVersion });
    return verdict.take ? { status: 'idle' } : { status: 'idle', note: verdict.note };
  }
}
