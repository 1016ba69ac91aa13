import { Emitter, type Subscription } from '../../src/main/services/common/emitter';
import type {
  UpdaterConfig,
  UpdaterEngine,
  UpdaterEvent,
} from '../../src/main/services/updates/updater-engine';

/**
 * What the next check finds: the newest version the feed names (downloaded when the app may
 * take it), a check that fails, or a version whose download fails.
 */
export type ScriptedAnswer =
  | { readonly newest: string }
  | { readonly checkFails: string }
  | { readonly newest: string; readonly downloadFails: string };

/**
 * The updater engine of the browser harness and the tests: no feed, no download; each check
 * takes the next scripted answer and reports it as electron-updater would (checking, then
 * available or not, then the download's progress and its end, after the check answered).
 * With none left, the feed names nothing newer.
 */
export class ScriptedUpdaterEngine implements UpdaterEngine {
  /** Every configuration the service set, in order. */
  readonly configs: UpdaterConfig[] = [];
  /** What the service last said about installing at quit. */
  installOnQuit: boolean | undefined;
  readonly #answers: ScriptedAnswer[];
  readonly #onEvent = new Emitter<UpdaterEvent>();

  constructor(answers: readonly ScriptedAnswer[] = []) {
    this.#answers = [...answers];
  }

  /** Queues what a later check finds. */
  answer(next: ScriptedAnswer): void {
    this.#answers.push(next);
  }

  configure(config: UpdaterConfig): void {
    this.configs.push(config);
  }

  check(): Promise<void> {
    const config = this.configs.at(-1);
    const answer = this.#answers.shift();
    this.#fire({ kind: 'checking' });
    if (answer && 'checkFails' in answer) {
      // electron-updater emits the error, then rejects the check with it.
      this.#fire({ kind: 'error', message: answer.checkFails });
      return Promise.reject(new Error(answer.checkFails));
    }
    if (!answer || !config?.mayTake(answer.newest)) {
      this.#fire({ kind: 'notAvailable', version: answer?.newest });
      return Promise.resolve();
    }
    this.#fire({ kind: 'available', version: answer.newest });
    if (config.autoDownload) setImmediate(() => this.#download(answer));
    return Promise.resolve();
  }

  setInstallOnQuit(allowed: boolean): void {
    this.installOnQuit = allowed;
  }

  onEvent(listener: (event: UpdaterEvent) => void): Subscription {
    return this.#onEvent.event(listener);
  }

  #download(answer: ScriptedAnswer & { readonly newest: string }): void {
    this.#fire({ kind: 'progress', percent: 40 });
    if ('downloadFails' in answer) {
      this.#fire({ kind: 'error', message: answer.downloadFails });
      return;
    }
    this.#fire({ kind: 'progress', percent: 100 });
    this.#fire({ kind: 'downloaded', version: answer.newest });
  }

  #fire(event: UpdaterEvent): void {
    this.#onEvent.fire(event);
  }
}
