import type { Envelope, PageIpc } from '../../scripts/ci/probe-app.mjs';
import { HARNESS_IPC_PATH, HARNESS_TOKEN_META } from '../../src/shared/ipc/harness-wire';

/** The little of the page's globals the call uses (typed here: no DOM lib in tests). */
interface PageGlobals {
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } };
  location: { host: string };
  WebSocket: new (url: string) => PageSocket;
}

interface PageSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (message: { data: string }) => void): void;
}

/**
 * The app probe's way to call a channel inside the browser harness's page, which has no
 * preload and so no `window.api`: from the page, over the harness socket its own token opens
 * (as src/renderer/src/api/websocket-transport.ts does), one socket a call, `{ id, channel,
 * input }` out and `{ id, envelope }` back.
 */
export const harnessPageIpc: PageIpc = (page, channel, input) =>
  page.evaluate(
    ({ meta, path, call }) => {
      const globals = globalThis as unknown as PageGlobals;
      const token = globals.document.querySelector(`meta[name="${meta}"]`).getAttribute('content');
      const url = `ws://${globals.location.host}${path}?token=${encodeURIComponent(token ?? '')}`;
      const socket = new globals.WebSocket(url);
      return new Promise<Envelope>((resolve, reject) => {
        socket.addEventListener('open', () => socket.send(JSON.stringify({ id: 1, ...call })));
        socket.addEventListener('message', (message) => {
          resolve((JSON.parse(message.data) as { envelope: Envelope }).envelope);
          socket.close();
        });
        socket.addEventListener('close', () => reject(new Error('the harness socket closed')));
      });
    },
    { meta: HARNESS_TOKEN_META, path: HARNESS_IPC_PATH, call: { channel, input } },
  );
