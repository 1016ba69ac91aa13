import type { WebSocket } from 'ws';
import type { AppEventBus } from '../../src/main/services/ipc/app-event-bus';
import { EventHub } from '../../src/main/services/ipc/event-hub';
import type { IpcRouter } from '../../src/main/services/ipc/ipc-router';
import type { Logger } from '../../src/main/services/log/logger';
import { HARNESS_DIALOG_EVENT, isHarnessFilesChannel } from '../../src/shared/ipc/harness-files';
import { HarnessRequestSchema, type HarnessMessage } from '../../src/shared/ipc/harness-wire';
import { invokeHarnessFiles } from './harness-file-channels';
import type { HarnessFileDialogs } from './harness-file-dialogs';

/**
 * One page's IPC over a WebSocket: each `{ id, channel, input }` goes through the same
 * router as Electron's IPC (the harness origin, as the main frame: the token and Origin
 * checks stand for Electron's frame check), and the app's events reach the page through
 * its own event hub, queued until the page says `app:rendererReady`. The harness's own file
 * browser (`harnessFiles:*`, see harness-files.ts) shares the socket, and so its token and
 * Origin checks, but not the app's router: Electron has no such channels.
 */
export function attachIpcSocket(options: {
  readonly ws: WebSocket;
  readonly router: IpcRouter;
  readonly bus: AppEventBus;
  readonly origin: string;
  readonly logger: Logger;
  /** The file browser; undefined when it is off (its channels then say so). */
  readonly fileDialogs?: HarnessFileDialogs | undefined;
}): void {
  const { ws, router, origin } = options;
  const send = (message: HarnessMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const hub = new EventHub({
    bus: options.bus,
    sink: (event, payload) => send({ event, payload }),
    logger: options.logger,
  });
  ws.on('message', (data, isBinary) => {
    let request;
    try {
      if (isBinary || !Buffer.isBuffer(data)) throw new Error('not a text frame');
      request = HarnessRequestSchema.parse(JSON.parse(data.toString('utf8')));
    } catch {
      ws.close(1003, 'Not an IPC request');
      return;
    }
    const { id, channel, input } = request;
    if (isHarnessFilesChannel(channel)) {
      void invokeHarnessFiles(options.fileDialogs, channel, input).then((envelope) =>
        send({ id, envelope }),
      );
      return;
    }
    void router
      .invoke(channel, input, {
        sender: { url: origin, isMainFrame: true },
        markRendererReady: () => hub.markReady(),
      })
      .then((envelope) => send({ id, envelope }));
  });
  const dialogs = options.fileDialogs?.onDidChangeDialog((dialog) =>
    send({ event: HARNESS_DIALOG_EVENT, payload: { dialog } }),
  );
  ws.on('close', () => {
    hub.dispose();
    dialogs?.dispose();
  });
}
