import { isAbsolute } from 'node:path';
import type { Logger } from '../services/log/logger';
import type { IpcSender } from '../services/ipc/sender-policy';
import type { PathProvenance } from './path-provenance';

/** What {@link acceptDroppedFile} needs. */
export interface DroppedFileDeps {
  /** The IPC router's check of a sender: our origin, our window's main frame. */
  readonly isAllowedSender: (sender: IpcSender) => boolean;
  readonly provenance: PathProvenance;
  readonly logger: Logger;
}

/**
 * A message on DROPPED_FILE_CHANNEL: the preload resolved a dropped File to `path` (only a
 * file the user dropped or picked has one). Main then may read it, as if chosen in its file
 * dialog. Anything else (another sender, not one absolute path) is refused and logged.
 * Answers whether the path was accepted.
 */
export function acceptDroppedFile(
  path: unknown,
  sender: IpcSender,
  deps: DroppedFileDeps,
): boolean {
  if (!deps.isAllowedSender(sender)) {
    deps.logger.warn('Refused a dropped file from a sender that is not our window', {
      url: sender.url,
    });
    return false;
  }
  if (typeof path !== 'string' || path.length > 4096 || !isAbsolute(path)) {
    deps.logger.warn('Refused a dropped file that is not one absolute path');
    return false;
  }
  deps.provenance.chosenFiles(path);
  return true;
}
