import { fakeIpc, type FakeHandler } from './resources-fake-ipc';

export type { FakeHandler };

/** A Storage in memory (vitest runs in node, which has no localStorage). */
class MemoryStorage implements Storage {
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
  const { emit, callsTo } = fakeIpc(handlers);
  return { emit, callsTo, storage };
}
