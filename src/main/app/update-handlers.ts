import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { UpdateService } from '../services/updates/update-service';

type UpdateChannel = 'updates:getStatus' | 'updates:check';

/** Handlers of the updater's channels: its status, and a check the user asked for. */
export function createUpdateHandlers(
  updates: Pick<UpdateService, 'status' | 'check'>,
): Pick<IpcHandlers, UpdateChannel> {
  return {
    'updates:getStatus': () => Promise.resolve(updates.status()),
    'updates:check': () => updates.check(),
  };
}
