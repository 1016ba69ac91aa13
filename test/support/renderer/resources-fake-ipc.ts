import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { createApp } from 'vue';
import { IpcClient, provideIpcClient } from '@renderer/api/client';
import type { IpcTransport } from '@renderer/api/transport';
import { toAppErrorData } from '@shared/errors';
import { errorEnvelope, okEnvelope } from '@shared/ipc/envelope';

/** A recorded invoke. */
export interface FakeCall {
  readonly channel: string;
  readonly input: unknown;
}

/** Answers a channel: a value, or throw an AppError to answer an error envelope. */
export type FakeHandler = (input: unknown) => unknown;

/**
 * The resource stores' test double of main: an IpcTransport (our interface, not Electron)
 * whose channels answer from `handlers`, recording every call, and able to push events. The
 * stores get it the way the app gives it, through `provideIpcClient` on a Vue app that hosts
 * the pinia (pinia runs setup stores inside the app's injection context).
 */
export function fakeIpc(handlers: Record<string, FakeHandler>): {
  calls: FakeCall[];
  pinia: Pinia;
  emit: (event: string, payload: unknown) => void;
  callsTo: (channel: string) => unknown[];
} {
  const calls: FakeCall[] = [];
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
    calls,
    pinia,
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
    callsTo: (channel) =>
      calls.filter((call) => call.channel === channel).map((call) => call.input),
  };
}

/** Resolves after every pending promise callback has run (answers are async even when faked). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
