import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppHandlers } from '../../../../src/main/app/app-handlers';
import { createAppServices, type AppServices } from '../../../../src/main/app/create-app-services';
import { acceptDroppedFile } from '../../../../src/main/app/dropped-files';
import type { PathProvenance } from '../../../../src/main/app/path-provenance';
import { IpcRouter } from '../../../../src/main/services/ipc/ipc-router';
import { RedactingLogger, silentLogger } from '../../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../../src/main/services/secrets/secret-store';
import { startEmulator, type Emulator } from '../../../../src/emulator/server';
import type { IpcEnvelope } from '../../../../src/shared/ipc/envelope';
import { writeSampleDatabaseFile } from '../../../support/sample-files';
import { RecordingPlatform } from '../../../support/ipc/recording-platform';
import { APP_ORIGIN, mainFrame } from '../../../support/ipc/router-stubs';

/*
 * Paths have provenance: through the whole IPC path (router, handlers, services,
 * the emulator over HTTP), every channel that takes a local path refuses one the user did not
 * choose, before anything is read, written, opened or sent, and takes it once chosen in a
 * dialog or dropped (registered by the preload's own channel).
 */

const INSTANCE = 'sql-eu-dev-01';
let emulator: Emulator;
let services: AppServices;
let router: IpcRouter;
let dir: string;
let profileId: string;
const platform = new RecordingPlatform();

const call = (channel: string, input?: unknown): Promise<IpcEnvelope> =>
  router.invoke(channel, input, mainFrame());

async function data<T>(channel: string, input?: unknown): Promise<T> {
  const answer = await call(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.data as T;
}

async function refused(channel: string, input: unknown, what: RegExp): Promise<void> {
  const answer = await call(channel, input);
  expect(answer, channel).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  if (!answer.ok) expect(answer.error.message).toMatch(what);
}

beforeAll(async () => {
  emulator = await startEmulator({ jobMs: 50 });
  dir = await mkdtemp(join(tmpdir(), 'databridge-provenance-'));
  services = await createAppServices({
    dataDir: join(dir, 'data'),
    secretStore: new MemorySecretStore(),
    logger: new RedactingLogger({ sink: () => undefined }),
    startEmulator: () =>
      Promise.resolve({ baseUrl: emulator.baseUrl, close: () => Promise.resolve() }),
  });
  router = new IpcRouter({
    handlers: createAppHandlers(services, platform, { name: 'x', version: '0', platform: 'linux' }),
    allowedOrigins: [APP_ORIGIN],
  });
  const profile = await data<{ id: string }>('profiles:create', {
    name: 'Provenance',
    target: { kind: 'custom', baseUrl: emulator.baseUrl },
    auth: { kind: 'apiKey' },
  });
  profileId = profile.id;
  await data('session:connect', { profileId, secret: { apiKey: 'demo-admin-key' } });
});

afterAll(async () => {
  await services.shutdown();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe('paths the window names', () => {
  it('a file to import is refused on every channel until chosen in the dialog', async () => {
    const file = join(dir, 'Forged.bak');
    await writeSampleDatabaseFile(file, 'bak', 64 * 1024, 'forged');
    const plan = { profileId, sourcePath: file, fileType: 'bak' };
    // A start names a plan, never a path: one the window made up is refused like a forged path.
    const start = { profileId, instanceName: INSTANCE, databaseName: 'Forged', planId: file };
    await refused('transfers:planImport', plan, /reads only files you chose/);
    // A made-up plan id is unknown to main; a path cannot be slipped in beside one.
    const forged = await call('transfers:startImport', start);
    expect(forged).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    if (!forged.ok) expect(forged.error.message).toMatch(/Choose the file again/);
    const withPath = await call('transfers:startImport', { ...start, sourcePath: file });
    expect(withPath).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(services.transfers.list()).toHaveLength(0);

    platform.queueFiles([file]);
    await data('dialog:chooseFiles', {});
    expect((await call('transfers:planImport', plan)).ok).toBe(true);
    // The same file named another way is the same file; its neighbour is not.
    const dotted = join(dir, '.', '..', dir.split('/').pop() ?? '', 'Forged.bak');
    expect((await call('transfers:planImport', { ...plan, sourcePath: dotted })).ok).toBe(true);
    await refused('transfers:planImport', { ...plan, sourcePath: join(dir, 'Other.bak') }, /./);
  });

  it('a folder to write into is refused for exports and archive downloads until chosen', async () => {
    const folder = join(dir, 'exports');
    await mkdir(folder, { recursive: true });
    const exportInput = {
      profileId,
      instanceName: INSTANCE,
      databaseName: 'Sales',
      exportTo: 1,
      destinationFolder: folder,
    };
    const archiveInput = {
      profileId,
      instanceName: INSTANCE,
      archiveId: 'a-1',
      destinationFolder: folder,
    };
    await refused('transfers:startExport', exportInput, /writes only into folders you chose/);
    await refused('transfers:startArchiveDownload', archiveInput, /Choose the folder again/);
    expect(services.transfers.list()).toHaveLength(0);

    platform.queueFolder(folder);
    await data('dialog:chooseFolder', {});
    // Past the check: what answers now is the engine (an unknown archive is its business).
    const archive = await call('transfers:startArchiveDownload', archiveInput);
    if (!archive.ok) expect(archive.error.code).not.toBe('FORBIDDEN');
    // A folder inside the chosen one was not chosen.
    const inside = { ...exportInput, destinationFolder: join(folder, 'sub') };
    await refused('transfers:startExport', inside, /folders you chose/);
  });

  it('open, show and drag out only paths the app chose or wrote', async () => {
    const forged = ['/etc/passwd', join(dir, 'secret.txt')];
    for (const path of forged) {
      await refused('shell:openPath', { path }, /opens only files and folders it chose/);
      await refused('shell:showItemInFolder', { path }, /./);
    }
    await refused('files:startDrag', { paths: forged }, /./);
    expect(platform.opened).toEqual([]);
    expect(platform.shownItems).toEqual([]);
    expect(platform.dragged).toEqual([]);
  });
});

describe('files dropped on the window', () => {
  const deps = (provenance: PathProvenance) => ({
    isAllowedSender: (sender: { url: string; isMainFrame: boolean }) =>
      router.isAllowedSender(sender),
    provenance,
    logger: silentLogger,
  });

  it('may be read once the preload registered them from our window, not otherwise', async () => {
    const file = join(dir, 'Dropped.bak');
    await writeSampleDatabaseFile(file, 'bak', 64 * 1024, 'dropped');
    const plan = { profileId, sourcePath: file, fileType: 'bak' };
    const foreign = { url: 'https://evil.example/index.html', isMainFrame: true };
    const subframe = { url: `${APP_ORIGIN}/index.html`, isMainFrame: false };
    const ours = mainFrame().sender;
    expect(acceptDroppedFile(file, foreign, deps(services.provenance))).toBe(false);
    expect(acceptDroppedFile(file, subframe, deps(services.provenance))).toBe(false);
    expect(acceptDroppedFile('relative/Dropped.bak', ours, deps(services.provenance))).toBe(false);
    expect(acceptDroppedFile({ path: file }, ours, deps(services.provenance))).toBe(false);
    await refused('transfers:planImport', plan, /dropped on its window/);

    expect(acceptDroppedFile(file, ours, deps(services.provenance))).toBe(true);
    expect((await call('transfers:planImport', plan)).ok).toBe(true);
  });

  it('the page cannot use the preload channel: the router has no such channel', async () => {
    const answer = await call('preload:droppedFile', join(dir, 'x.bak'));
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});
