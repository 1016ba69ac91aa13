import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { IpcClient, provideIpcClient } from '../../../src/renderer/src/api/client';
import type { IpcTransport } from '../../../src/renderer/src/api/transport';
import { toAppErrorData } from '../../../src/shared/errors';
import { errorEnvelope, okEnvelope } from '../../../src/shared/ipc/envelope';

/** Answers a channel's input (throw an AppError to answer an error envelope). */
export type Handler = (input: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A stand-in for main behind our IpcTransport interface: channels answer from `handlers`
 * (replaceable during a test), every call is recorded, and events can be pushed. The stores
 * get the client as in the app: provided to a Vue app that hosts the active pinia.
 */
export function explorerIpc(handlers: Record<string, Handler> = {}) {
  const calls: Array<{ channel: string; input: unknown }> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const transport: IpcTransport = {
    kind: 'harness',
    invoke: async (channel, input) => {
      calls.push({ channel, input });
      const handler = handlers[channel];
      if (!handler) return errorEnvelope({ code: 'INTERNAL', message: `No fake for ${channel}` });
      try {
        return okEnvelope(await handler(input));
      } catch (error) {
        return errorEnvelope(toAppErrorData(error));
      }
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    pathForFile: () => undefined,
  };
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia);
  provideIpcClient(app, new IpcClient(transport));
  setActivePinia(pinia);
  return {
    handlers,
    calls,
    /** The inputs sent to `channel`, in order. */
    inputsOf: (channel: string) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
  };
}

/** Lets pending promise callbacks run (fake answers are still asynchronous). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
