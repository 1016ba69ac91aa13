import type { AppShellKind } from '@shared/ipc/app-channels';
import type { IpcEnvelope } from '@shared/ipc/envelope';

/**
 * How the client reaches main: Electron's preload bridge, or the browser harness's
 * WebSocket. Both carry the same contract and answer the same envelopes.
 */
export interface IpcTransport {
  readonly kind: AppShellKind;
  invoke(channel: string, input: unknown): Promise<IpcEnvelope>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** The local path of a dropped file, where the shell knows it (Electron only). */
  pathForFile(file: File): string | undefined;
}

/** `window.api` as the Electron preload exposes it. */
export interface PreloadApi {
  invoke(channel: string, input?: unknown): Promise<IpcEnvelope>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  getPathForFile(file: File): string;
}

declare global {
  interface Window {
    /** Present only in Electron (set by the preload). */
    readonly api?: PreloadApi;
  }
}

/** The transport over the Electron preload bridge. */
export function preloadTransport(api: PreloadApi): IpcTransport {
  return {
    kind: 'electron',
    invoke: (channel, input) => api.invoke(channel, input),
    on: (event, listener) => api.on(event, listener),
    pathForFile: (file) => api.getPathForFile(file) || undefined,
  };
}
