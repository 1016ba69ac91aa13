import type { Subscription } from '../common/emitter';
import type { FeedChoice } from './update-decisions';

/*
 * The port between the updater service and an updater: electron-updater in the app
 * (platform/updater.ts), a scripted stand-in in the browser harness and the tests
 * (test/harness/harness-updater.ts). The service decides; the engine only does.
 */

/** How the engine is set before each check. */
export interface UpdaterConfig {
  readonly feed: FeedChoice;
  /** A version found downloads at once, in the background. */
  readonly autoDownload: boolean;
  /** Whether a version found may be taken; one refused is reported as not available. */
  readonly mayTake: (version: string) => boolean;
}

/** What the engine reports as it checks and downloads. */
export type UpdaterEvent =
  | { readonly kind: 'checking' }
  | { readonly kind: 'available'; readonly version: string }
  /** Nothing to take; `version` is the newest the feed named, if it named one. */
  | { readonly kind: 'notAvailable'; readonly version?: string | undefined }
  | { readonly kind: 'progress'; readonly percent: number }
  /** Downloaded, its SHA-512 checked against the feed's. */
  | { readonly kind: 'downloaded'; readonly version: string }
  | { readonly kind: 'error'; readonly message: string };

/** An updater: electron-updater in the app, a scripted stand-in in the browser harness. */
export interface UpdaterEngine {
  configure(config: UpdaterConfig): void;
  /** Checks the feed; resolves once it answered (a download it starts goes on after). */
  check(): Promise<void>;
  /** Whether a downloaded update installs when the app quits. */
  setInstallOnQuit(allowed: boolean): void;
  onEvent(listener: (event: UpdaterEvent) => void): Subscription;
}
