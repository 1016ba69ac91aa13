import { errorEnvelope, IpcEnvelopeSchema, type IpcEnvelope } from '@shared/ipc/envelope';
import { HARNESS_IPC_PATH, HARNESS_TOKEN_META } from '@shared/ipc/harness-wire';
import type { IpcTransport } from './transport';

type Pending = (envelope: IpcEnvelope) => void;

const unavailable = (): IpcEnvelope<never> =>
  errorEnvelope({
    code: 'UNAVAILABLE',
    message: 'The connection to the app was lost. Reload the page.',
  });

/**
 * The transport of the browser harness: `{ id, channel, input }` out, `{ id, envelope }`
 * and `{ event, payload }` in, over `ws://<same host>/ipc?token=...` (see harness-wire.ts). It exists for tests in
 * a real Chromium; the packaged app never uses it.
 */
export function websocketTransport(url: string): IpcTransport {
  const socket = new WebSocket(url);
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('close', () => resolve(false), { once: true });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as {
      id?: number;
      envelope?: unknown;
      event?: string;
      payload?: unknown;
    };
    if (typeof data.id === 'number') {
      const parsed = IpcEnvelopeSchema.safeParse(data.envelope);
      pending.get(data.id)?.(parsed.success ? (parsed.data as IpcEnvelope) : unavailable());
      pending.delete(data.id);
    } else if (typeof data.event === 'string') {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve(unavailable());
    pending.clear();
  });

  return {
    kind: 'harness',
    invoke: async (channel, input) => {
      if (!(await opened) || socket.readyState !== WebSocket.OPEN) return unavailable();
      const id = nextId++;
      return new Promise<IpcEnvelope>((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, channel, input }));
      });
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    pathForFile: () => undefined,
  };
}

/** The harness's IPC address for this page, or undefined when the page is not served by it. */
export function harnessSocketUrl(doc: Document, location: Location): string | undefined {
  const token = doc.querySelector<HTMLMetaElement>(`meta[name="${HARNESS_TOKEN_META}"]`)?.content;
  if (!token) return undefined;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${HARNESS_IPC_PATH}?token=${encodeURIComponent(token)}`;
}
