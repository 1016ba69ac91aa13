// Zod-free modules only: the preload bundles what it imports (see channel-names.ts).
import { isEventChannel, isInvokeChannel } from '../shared/ipc/channel-names';
import { errorEnvelope, type IpcEnvelope } from '../shared/ipc/envelope-data';

/** What the preload hands the bridge: Electron's IPC and webUtils, as plain functions. */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Subscribes to an event; the listener receives the payload only. Answers the remover. */
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
  getPathForFile(file: File): string;
}

/** `window.api`: the only door from the renderer to main. */
export interface DataBridgeApi {
  invoke(channel: string, input?: unknown): Promise<IpcEnvelope>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  getPathForFile(file: File): string;
}

/**
 * Builds `window.api` over a transport. It lets through only the contract's channel and
 * event names (a renderer bug or injected script cannot reach other IPC channels), never
 * hands out the transport itself or Electron's event object, and always resolves an invoke
 * with an envelope.
 */
export function createBridge(transport: BridgeTransport): DataBridgeApi {
  return Object.freeze({
    invoke: async (channel: string, input?: unknown): Promise<IpcEnvelope> => {
      if (!isInvokeChannel(channel)) {
        return errorEnvelope({
          code: 'VALIDATION',
          message: `The app has no request named "${String(channel)}".`,
        });
      }
      try {
        return (await transport.invoke(channel, input)) as IpcEnvelope;
      } catch {
        // Electron rejects only when no handler answered (main is starting or shutting down).
        return errorEnvelope({
          code: 'UNAVAILABLE',
          message: 'The app is not ready to answer. Please try again in a moment.',
        });
      }
    },
    on: (event: string, listener: (payload: unknown) => void): (() => void) => {
      if (!isEventChannel(event)) throw new TypeError(`The app has no event named "${event}".`);
      if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
      return transport.subscribe(event, (payload) => listener(payload));
    },
    getPathForFile: (file: File): string => transport.getPathForFile(file),
  });
}
