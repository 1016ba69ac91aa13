import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { IpcSender } from '../services/ipc/sender-policy';
import type { IpcRouter } from '../services/ipc/ipc-router';
import type { EventHub } from '../services/ipc/event-hub';

/**
 * Who sent an invoke, as the router checks it. Only our window's top frame counts as the main
 * frame: a subframe or another webContents (a devtools extension, a stray window) does not.
 */
function senderOf(event: IpcMainInvokeEvent, window: BrowserWindow | undefined): IpcSender {
  const frame = event.senderFrame;
  const isOurWindow = window !== undefined && event.sender === window.webContents;
  return {
    url: frame?.url ?? '',
    isMainFrame: isOurWindow && frame !== null && frame.parent === null,
  };
}

/**
 * Registers one `ipcMain.handle` per channel of the router (which are exactly the
 * contract's), each going through the router's checks. The answer removes them all.
 */
export function registerIpcChannels(options: {
  readonly router: IpcRouter;
  readonly window: () => BrowserWindow | undefined;
  readonly hub: EventHub;
}): () => void {
  const { router, hub } = options;
  for (const channel of router.channels) {
    ipcMain.handle(channel, (event, input: unknown) =>
      router.invoke(channel, input, {
        sender: senderOf(event, options.window()),
        markRendererReady: () => hub.markReady(),
      }),
    );
  }
  return () => {
    for (const channel of router.channels) ipcMain.removeHandler(channel);
  };
}
