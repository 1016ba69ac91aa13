import { AppImageUpdater, NsisUpdater, type AppUpdater } from 'electron-updater';
import { Emitter, type Subscription } from '../services/common/emitter';
import type { Logger } from '../services/log/logger';
import type {
  UpdaterConfig,
  UpdaterEngine,
  UpdaterEvent,
} from '../services/updates/updater-engine';

/*
 * electron-updater, as the updater service's engine. Every decision (whether to check, the
 * feed, which version may be taken, whether it may install at quit) is made in
 * services/updates and handed in through `configure` and `setInstallOnQuit`; this only sets
 * electron-updater's properties and turns its events into the service's.
 *
 * The updater of this system is built here, not taken from electron-updater's `autoUpdater`
 * singleton: that one picks a deb, rpm or pacman updater from resources/package-type, while
 * this app leaves those packages to the system's package manager (the service never builds an
 * engine for them), and the singleton's lazy getter is one a bundler may read too early.
 * macOS is not built here: Squirrel.Mac needs a Developer ID-signed app (see the README).
 */

/** The updater of this system: NSIS on Windows, the AppImage's elsewhere (Linux). */
function updaterFor(platform: NodeJS.Platform): AppUpdater {
  return platform === 'win32' ? new NsisUpdater() : new AppImageUpdater();
}

/** electron-updater's lines, into the app's log (which redacts secrets), marked as its own. */
function updaterLogger(logger: Logger): NonNullable<AppUpdater['logger']> {
  const line = (message: unknown): string => `updater: ${String(message)}`;
  return {
    info: (message?: unknown) => logger.info(line(message)),
    warn: (message?: unknown) => logger.warn(line(message)),
    error: (message?: unknown) => logger.error(line(message)),
    debug: (message: string) => logger.debug(line(message)),
  };
}

/** The message of something electron-updater threw or emitted. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** electron-updater behind the service's engine port. */
export class ElectronUpdaterEngine implements UpdaterEngine {
  readonly #updater: AppUpdater;
  readonly #onEvent = new Emitter<UpdaterEvent>();
  #mirror: string | undefined;

  constructor(options: { readonly platform: NodeJS.Platform; readonly logger: Logger }) {
    const updater = updaterFor(options.platform);
    updater.logger = updaterLogger(options.logger);
    // Installs on quit (the service withdraws it while a transfer runs, in prepareQuit); the
    // app never restarts itself to update.
    updater.autoInstallOnAppQuit = true;
    const fire = (event: UpdaterEvent): void => this.#onEvent.fire(event);
    updater.on('checking-for-update', () => fire({ kind: 'checking' }));
    updater.on('update-available', (info) => fire({ kind: 'available', version: info.version }));
    updater.on('update-not-available', (info) =>
      fire({ kind: 'notAvailable', version: info.version }),
    );
    updater.on('download-progress', (progress) =>
      fire({ kind: 'progress', percent: progress.percent }),
    );
    updater.on('update-downloaded', (event) =>
      fire({ kind: 'downloaded', version: event.version }),
    );
    updater.on('error', (error) => fire({ kind: 'error', message: messageOf(error) }));
    this.#updater = updater;
  }

  configure(config: UpdaterConfig): void {
    const updater = this.#updater;
    const { feed, channel, allowPrerelease } = config.feed;
    updater.autoDownload = config.autoDownload;
    updater.allowPrerelease = allowPrerelease;
    // Setting a channel also allows downgrades (electron-updater's rule for leaving beta):
    // this app never goes back a version, so that is turned off again right after.
    updater.channel = channel;
    updater.allowDowngrade = false;
    updater.isUpdateSupported = (info) => config.mayTake(info.version);
    // GitHub's feed is app-update.yml's (electron-builder writes it); a mirror is set here.
    if (feed.kind === 'mirror' && feed.url !== this.#mirror) {
      updater.setFeedURL({ provider: 'generic', url: feed.url, channel });
      this.#mirror = feed.url;
    }
  }

  async check(): Promise<void> {
    const result = await this.#updater.checkForUpdates();
    if (result === null) {
      throw new Error(
        'the updater is not active in this copy (no app-update.yml, or not started from its AppImage)',
      );
    }
    // The download goes on after the check; a failure of it comes as an 'error' event.
    void result.downloadPromise?.catch(() => undefined);
  }

  setInstallOnQuit(allowed: boolean): void {
    this.#updater.autoInstallOnAppQuit = allowed;
  }

  onEvent(listener: (event: UpdaterEvent) => void): Subscription {
    return this.#onEvent.event(listener);
  }
}
