import { INVOKE_CHANNELS } from '../../../src/shared/ipc/contract';
import type { IpcHandlers, CallContext } from '../../../src/main/services/ipc/ipc-router';

/** A call context from the production origin's main frame. */
export const APP_ORIGIN = 'app://databridge';

/** A context as Electron's adapter builds it for our window's top frame. */
export function mainFrame(url = `${APP_ORIGIN}/index.html`): CallContext {
  return { sender: { url, isMainFrame: true }, markRendererReady: () => undefined };
}

/**
 * Handlers for every channel that fail loudly when called, with `overrides` for the channels
 * a test exercises: the router's own checks are tested without services.
 */
export function stubHandlers(overrides: Partial<Record<string, unknown>> = {}): IpcHandlers {
  const handlers: Record<string, unknown> = {};
  for (const channel of INVOKE_CHANNELS) {
    handlers[channel] =
      overrides[channel] ?? (() => Promise.reject(new Error(`unexpected call of ${channel}`)));
  }
  return handlers as unknown as IpcHandlers;
}
