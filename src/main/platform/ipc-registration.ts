import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { DROPPED_FILE_CHANNEL } from '../../shared/ipc/channel-names';
import { acceptDroppedFile, type DroppedFileDeps } from '../app/dropped-files';
import type { IpcSender } from '../services/ipc/sender-policy';
import type { IpcRouter } from '../services/ipc/ipc-router';
import type { EventHub } from '../services/ipc/event-hub';

/**
 * Who sent an invoke, as the router checks it. Only our window's top frame counts as the main
 * frame: a subframe or another webContents (a devtools extension, a stray window) does not.
 */
function senderOf(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  window: BrowserWindow | undefined,
): IpcSender {
  const frame = event.senderFrame;
  const isOurWindow = window !== undefined && event.sender === window.webContents;
  return {
    url: frame?.url ?? '',
    isMainFrame: isOurWindow && frame !== null && frame.parent === null,
  };
}

/**
 * Registers one `ipcMain.handle` per channel of the router (which are exactly the
 * contract's), each going through the router's checks, and the preload's dropped-file
 * channel (synchronous: the path is known to main before the page can name it). The answer
 * removes them all.
 */
export function registerIpcChannels(options: {
  readonly router: IpcRouter;
  readonly window: () => BrowserWindow | undefined;
  readonly hub: EventHub;
  readonly dropped: Omit<DroppedFileDeps, 'isAllowedSender'>;
  /** The page listens (`app:rendererReady`), after the hub has sent what it queued. */
  readonly onRendererReady?: () => void;
}): () => void {
  const { router, hub } = options;
  ipcMain.on(DROPPED_FILE_CHANNEL, (event, path: unknown) => {
    event.returnValue = acceptDroppedFile(path, senderOf(event, options.window()), {
      ...options.dropped,
      isAllowedSender: (sender) => router.isAllowedSender(sender),
    });
  });
  for (const channel of router.channels) {
    ipcMain.handle(channel, (event, input: unknown) =>
      router.invoke(channel, input, {
        sender: senderOf(event, options.window()),
        markRendererReady: () => {
          hub.markReady();
          options.onRendererReady?.();
        },
      }),
    );
  }
  return () => {
    for (const channel of router.channels) ipcMain.removeHandler(channel);
    ipcMain.removeAllListeners(DROPPED_FILE_CHANNEL);
  };
}
