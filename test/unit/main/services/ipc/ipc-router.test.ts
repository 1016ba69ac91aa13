import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import { INVOKE_CHANNELS } from '../../../../../src/shared/ipc/contract';
import { IpcRouter } from '../../../../../src/main/services/ipc/ipc-router';
import { APP_ORIGIN, mainFrame, stubHandlers } from '../../../../support/ipc/router-stubs';

const info = {
  name: 'DataBridge Desktop',
  version: '1.0.0',
  platform: 'linux',
  versions: { electron: '39.2.0', chromium: '142.0.7444.52', node: '22.20.0' },
  shell: 'electron',
  features: { tray: true, nativeDrag: true, notifications: true, sandbox: true },
};

function router(overrides: Partial<Record<string, unknown>> = {}): IpcRouter {
  return new IpcRouter({ handlers: stubHandlers(overrides), allowedOrigins: [APP_ORIGIN] });
}

describe('IpcRouter', () => {
  it('registers exactly the contract channels and refuses a handler map that misses one', () => {
    expect([...router().channels].sort()).toEqual([...INVOKE_CHANNELS].sort());
    const handlers = { ...stubHandlers() } as Record<string, unknown>;
    delete handlers['settings:get'];
    expect(
      () => new IpcRouter({ handlers: handlers as never, allowedOrigins: [APP_ORIGIN] }),
    ).toThrow(/settings:get/);
  });

  it('answers a valid call from our main frame with the handler output', async () => {
    const r = router({ 'app:getInfo': () => Promise.resolve(info) });
    await expect(r.invoke('app:getInfo', undefined, mainFrame())).resolves.toEqual({
      ok: true,
      data: info,
    });
  });

  it('refuses a channel outside the contract without calling anything', async () => {
    const answer = await router().invoke('auth:loginImplicit', {}, mainFrame());
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(await router().invoke(42, {}, mainFrame())).toMatchObject({ ok: false });
  });

  it.each([
    ['another origin', { url: 'https://evil.example/index.html', isMainFrame: true }],
    [
      'a look-alike host of our scheme',
      { url: 'app://databridge.evil/index.html', isMainFrame: true },
    ],
    ['a file: page', { url: 'file:///tmp/index.html', isMainFrame: true }],
    ['a subframe of our own origin', { url: `${APP_ORIGIN}/index.html`, isMainFrame: false }],
    ['an empty URL (a destroyed frame)', { url: '', isMainFrame: true }],
  ])('refuses %s with FORBIDDEN', async (_name, sender) => {
    let called = false;
    const r = router({
      'app:getInfo': () => {
        called = true;
        return Promise.resolve(info);
      },
    });
    const answer = await r.invoke('app:getInfo', undefined, {
      sender,
      markRendererReady: () => undefined,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(called).toBe(false);
  });

  it('accepts the dev server origin when configured, whatever the path', async () => {
    const r = new IpcRouter({
      handlers: stubHandlers({ 'app:getInfo': () => Promise.resolve(info) }),
      allowedOrigins: ['http://localhost:5173'],
    });
    const answer = await r.invoke('app:getInfo', undefined, mainFrame('http://localhost:5173/#/x'));
    expect(answer.ok).toBe(true);
  });

  it('refuses bad input with a VALIDATION envelope naming the field', async () => {
    const r = router();
    const missing = await r.invoke('databases:list', { profileId: 'p' }, mainFrame());
    expect(missing).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(!missing.ok && missing.error.message).toContain('pathParams');
    const extra = await r.invoke(
      'session:disconnect',
      { profileId: 'p', apiKey: 'x' },
      mainFrame(),
    );
    expect(!extra.ok && extra.error.message).toMatch(/apiKey/);
    const wrongType = await r.invoke('settings:update', { partsInFlight: 99 }, mainFrame());
    expect(!wrongType.ok && wrongType.error.message).toContain('partsInFlight');
  });

  it('passes the parsed input (defaults applied) to the handler', async () => {
    let received: unknown;
    const r = router({
      'profiles:create': (input: unknown) => {
        received = input;
        return Promise.resolve({ ...(input as object), id: 'x', createdAt: 't', updatedAt: 't' });
      },
    });
    await r.invoke(
      'profiles:create',
      { name: 'EU', target: { kind: 'region', region: 'EU' }, auth: { kind: 'apiKey' } },
      mainFrame(),
    );
    expect(received).toMatchObject({ color: '#1f6feb', readOnly: false, isEmulator: false });
  });

  it('turns an AppError into its data and anything else into a generic INTERNAL error', async () => {
    const r = router({
      'settings:get': () =>
        Promise.reject(new AppError({ code: 'CONFLICT', message: 'Busy, try later.' })),
      'jobs:list': () => Promise.reject(new Error('ENOENT /home/me/.secret at line 3')),
    });
    expect(await r.invoke('settings:get', undefined, mainFrame())).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'Busy, try later.' },
    });
    const internal = await r.invoke('jobs:list', undefined, mainFrame());
    expect(internal).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(internal)).not.toContain('.secret');
    expect(JSON.stringify(internal)).not.toContain('stack');
  });

  it('strips undeclared output fields and refuses output that breaks the contract', async () => {
    const r = router({
      'app:getInfo': () => Promise.resolve({ ...info, token: 'leak' }),
      'settings:get': () => Promise.resolve({ theme: 'neon' }),
    });
    const stripped = await r.invoke('app:getInfo', undefined, mainFrame());
    expect(stripped).toEqual({ ok: true, data: info });
    const broken = await r.invoke('settings:get', undefined, mainFrame());
    expect(broken).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('lets app:rendererReady reach the caller context', async () => {
    let ready = 0;
    const r = router({
      'app:rendererReady': (_input: unknown, ctx: { markRendererReady(): void }) => {
        ctx.markRendererReady();
        return Promise.resolve();
      },
    });
    const answer = await r.invoke('app:rendererReady', undefined, {
      ...mainFrame(),
      markRendererReady: () => (ready += 1),
    });
    expect(answer).toEqual({ ok: true, data: undefined });
    expect(ready).toBe(1);
  });
});
