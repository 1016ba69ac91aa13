import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBridge, type BridgeTransport } from '../../../src/preload/bridge';
import { DROPPED_FILE_CHANNEL } from '../../../src/shared/ipc/channel-names';

function recordingTransport(answer: Promise<unknown> = Promise.resolve({ ok: true, data: 1 })) {
  const calls: { channel: string; input: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    invoke: (channel, input) => {
      calls.push({ channel, input });
      return answer;
    },
    subscribe: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    getPathForFile: () => '/dropped/Sales.bak',
  };
  return { transport, calls, listeners };
}

describe('the preload bridge (its pure part, src/preload/bridge.ts)', () => {
  it('passes contract channels through and refuses others with an envelope', async () => {
    const { transport, calls } = recordingTransport();
    const api = createBridge(transport);
    await expect(api.invoke('profiles:list')).resolves.toEqual({ ok: true, data: 1 });
    const refused = await api.invoke('ipc:rawSend', { x: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    // The preload's own channel (a dropped file's path for main) is not the page's to use.
    const dropped = await api.invoke(DROPPED_FILE_CHANNEL, '/etc/passwd');
    expect(dropped).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(calls.map((c) => c.channel)).toEqual(['profiles:list']);
  });

  it('answers UNAVAILABLE when main has no handler yet', async () => {
    const { transport } = recordingTransport(Promise.reject(new Error('No handler registered')));
    const answer = await createBridge(transport).invoke('profiles:list');
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('subscribes only to contract events, hands over the payload only, and unsubscribes', () => {
    const { transport, listeners } = recordingTransport();
    const api = createBridge(transport);
    const seen: unknown[][] = [];
    const off = api.on('jobs:onDidChange', (...args: unknown[]) => seen.push(args));
    listeners.get('jobs:onDidChange')?.({ kind: 'started' });
    expect(seen).toEqual([[{ kind: 'started' }]]);
    off();
    expect(listeners.has('jobs:onDidChange')).toBe(false);
    expect(() => api.on('ipc:anything', () => undefined)).toThrow(TypeError);
  });

  it('exposes exactly invoke, on and getPathForFile, frozen', () => {
    const api = createBridge(recordingTransport().transport);
    expect(Object.keys(api).sort()).toEqual(['getPathForFile', 'invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(api.getPathForFile({} as File)).toBe('/dropped/Sales.bak');
  });

  it('stays small: the preload source is under 100 lines', () => {
    const lines = ['src/preload/index.ts', 'src/preload/bridge.ts'].map(
      (file) => readFileSync(file, 'utf8').split('\n').length,
    );
    expect(lines.reduce((a, b) => a + b)).toBeLessThan(100);
  });
});

// A static check of the built preload (out/, from `npm run build`, which npm test runs first).
// It cannot prove run-time behaviour; the Electron smoke test checks window.api's keys.
const builtPreload = 'out/preload/index.cjs';
describe.skipIf(!existsSync(builtPreload))(
  `the built preload (${builtPreload}; skipped when not built: run npm run build)`,
  () => {
    it('exposes one object, "api", built by createBridge, never ipcRenderer', () => {
      const code = readFileSync(builtPreload, 'utf8');
      const exposures = [...code.matchAll(/exposeInMainWorld\(([^)]*)\)/g)].map((m) => m[1]);
      expect(exposures).toEqual(['"api", api']);
      expect(code).toMatch(/(?:const|let|var) api = createBridge\(\{/);
      // ipcRenderer is only ever called (invoke, on, removeListener, and sendSync on the preload's
      // own dropped-file channel), never handed out as a value.
      const uses = [...code.matchAll(/ipcRenderer(\.\w+\()?/g)].map((m) => m[1] ?? 'as a value');
      expect(uses.length).toBeGreaterThan(0);
      expect(new Set(uses)).toEqual(
        new Set(['.invoke(', '.on(', '.removeListener(', '.sendSync(']),
      );
      expect(code).toMatch(/ipcRenderer\.sendSync\(DROPPED_FILE_CHANNEL, path\)/);
    });

    it('bundles no zod and stays under 30 KB (preload-bundle.test.ts checks the sources)', () => {
      const code = readFileSync(builtPreload, 'utf8');
      expect(code).not.toMatch(/\bzod\b|ZodError/);
      expect(Buffer.byteLength(code)).toBeLessThan(30 * 1024);
    });
  },
);
