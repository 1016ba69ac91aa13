import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { IpcClient, provideIpcClient } from '../../../src/renderer/src/api/client';
import type { IpcTransport } from '../../../src/renderer/src/api/transport';
import { toAppErrorData } from '../../../src/shared/errors';
import { errorEnvelope, okEnvelope } from '../../../src/shared/ipc/envelope';

/** Answers a channel: a value, or throw an AppError to answer an error envelope. */
export type FakeHandler = (input: unknown) => unknown;

/** A Storage in memory (vitest runs in node, which has no localStorage). */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
}

/**
 * The activity stores' test double of main: an IpcTransport (our interface, not Electron)
 * whose channels answer from `handlers`, recording every call, able to push events; a fresh
 * pinia in a Vue app that provides the client (pinia runs setup stores in the app's
 * injection context), and a fresh localStorage unless `storage` is given.
 */
export function activityIpc(
  handlers: Record<string, FakeHandler>,
  storage: Storage = new MemoryStorage(),
): {
  emit: (event: string, payload: unknown) => void;
  callsTo: (channel: string) => unknown[];
  storage: Storage;
} {
  (globalThis as { localStorage?: Storage }).localStorage = storage;
  const calls: { channel: string; input: unknown }[] = [];
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
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    storage,
  };
}
