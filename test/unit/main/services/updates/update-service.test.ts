import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../../../src/main/services/common/emitter';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  type InstallKind,
} from '../../../../../src/main/services/updates/update-decisions';
import { UpdateService } from '../../../../../src/main/services/updates/update-service';
import type { TrackedJob } from '../../../../../src/shared/model/job-event';
import type { Policy, SettingKey, SettingSource } from '../../../../../src/shared/model/policy';
import { defaultSettings, type Settings } from '../../../../../src/shared/model/settings';
import type { TransferRecord } from '../../../../../src/shared/model/transfer';
import type { UpdateStatus } from '../../../../../src/shared/model/updates';
import { FakeTimers, settle } from '../../../../support/fake-timers';
import { ScriptedUpdaterEngine, type ScriptedAnswer } from '../../../../harness/harness-updater';

/* The updater service over the harness's scripted engine (the port electron-updater fills in
   the app), with the settings, transfers and jobs it follows as plain test doubles. */

const APPIMAGE: InstallKind = { platform: 'linux', isPackaged: true, appImage: '/a.AppImage' };

function followed<T>() {
  const changed = new Emitter<void>();
  let items: T[] = [];
  return {
    list: () => items,
    onDidChange: (listener: () => void) => changed.event(listener),
    set(next: T[]) {
      items = next;
      changed.fire();
    },
  };
}

function setup(
  options: {
    answers?: ScriptedAnswer[];
    settings?: Partial<Settings>;
    locked?: SettingKey[];
    policy?: Policy;
    kind?: InstallKind;
    lastCheck?: { read(): Promise<string | undefined>; write(at: string): Promise<void> };
  } = {},
) {
  const timers = new FakeTimers();
  const engine = new ScriptedUpdaterEngine(options.answers);
  const settingsChanged = new Emitter<void>();
  let settings: Settings = { ...defaultSettings(), ...options.settings };
  const sources = () =>
    Object.fromEntries(
      Object.keys(settings).map((key) => [
        key,
        options.locked?.includes(key as SettingKey) ? 'locked' : 'user',
      ]),
    ) as Record<SettingKey, SettingSource>;
  const transfers = followed<TransferRecord>();
  const jobs = followed<TrackedJob>();
  let built = 0;
  const service = new UpdateService({
    currentVersion: '0.1.0',
    kind: options.kind ?? APPIMAGE,
    settings: {
      get: () => settings,
      sources,
      onDidChange: (listener) => settingsChanged.event(listener),
    },
    policy: options.policy,
    ...(options.lastCheck ? { lastCheck: options.lastCheck } : {}),
    transfers,
    jobs,
    createEngine: () => {
      built += 1;
      return engine;
    },
    timers,
    now: () => new Date(Date.UTC(2026, 10, 30) + timers.now),
  });
  const seen: UpdateStatus[] = [];
  service.onDidChange((status) => seen.push(status));
  service.start();
  return {
    service,
    engine,
    timers,
    transfers,
    jobs,
    seen,
    built: () => built,
    change: (patch: Partial<Settings>) => {
      settings = { ...settings, ...patch };
      settingsChanged.fire();
    },
  };
}

const uploading = {
  id: 't1',
  kind: 'import',
  profileId: 'p',
  instanceName: 'i',
  databaseName: 'd',
  fileType: 'bak',
  state: 'uploading',
  bytesDone: 0,
  totalBytes: 1,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
} satisfies TransferRecord;

describe('UpdateService', () => {
  it('checks soon after start in auto mode, downloads what it finds, and checks again a day later', async () => {
    const { service, engine, timers, seen } = setup({ answers: [{ newest: '0.1.1' }] });
    expect(timers.pending()).toEqual([FIRST_CHECK_DELAY_MS]);
    await timers.advance(FIRST_CHECK_DELAY_MS);
    expect(service.status().state).toEqual({ status: 'downloaded', version: '0.1.1' });
    expect(service.status().lastCheckAt).toBe('2026-11-30T00:00:10.000Z');
    expect(seen.map((status) => status.state.status)).toEqual(
      expect.arrayContaining(['checking', 'available', 'downloading', 'downloaded']),
    );
    expect(engine.configs[0]).toMatchObject({
      feed: { feed: { kind: 'github' }, channel: 'latest', allowPrerelease: false },
      autoDownload: true,
    });
    expect(timers.pending()).toEqual([CHECK_INTERVAL_MS]);
  });

  it('checks only when asked in manual mode', async () => {
    const { service, timers, engine } = setup({
      settings: { updateMode: 'manual' },
      answers: [{ newest: '0.1.0' }],
    });
    expect(timers.pending()).toEqual([]);
    const status = await service.check();
    expect(status.state).toEqual({ status: 'idle', note: 'You have the newest version (0.1.0).' });
    expect(engine.configs).toHaveLength(1);
  });

  it('never builds an engine where updates are off, and refuses a check saying why', async () => {
    const deb = setup({ kind: { platform: 'linux', isPackaged: true } });
    expect(deb.service.status().state).toMatchObject({ status: 'disabled', reason: 'package' });
    await expect(deb.service.check()).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/package manager/) as unknown,
    });
    const locked = setup({ settings: { updateMode: 'off' }, locked: ['updateMode'] });
    await expect(locked.service.check()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await locked.timers.advance(CHECK_INTERVAL_MS * 2);
    expect(deb.built() + locked.built()).toBe(0);
  });

  it("takes the organisation's mirror, channel and pinned version", async () => {
    const policy = {
      updates: { url: 'https://mirror.corp/db/', pinVersion: '0.2.0' },
    } as unknown as Policy;
    const { service, engine } = setup({
      settings: { updateMode: 'manual', updateChannel: 'beta' },
      policy,
      answers: [{ newest: '0.3.0' }],
    });
    const status = await service.check();
    expect(status).toMatchObject({
      channel: 'beta',
      feed: { kind: 'mirror', url: 'https://mirror.corp/db/' },
      pinVersion: '0.2.0',
      state: {
        status: 'idle',
        note: 'Version 0.3.0 is out, but your organisation keeps this computer on 0.2.0.',
      },
    });
    const config = engine.configs.at(-1);
    expect(config?.feed).toEqual({
      feed: { kind: 'mirror', url: 'https://mirror.corp/db/' },
      channel: 'beta',
      allowPrerelease: true,
    });
    expect(config?.mayTake('0.2.0')).toBe(true);
    expect(config?.mayTake('0.0.9')).toBe(false);
  });

  it('says a failed check and tries again sooner than a day', async () => {
    const { service, timers } = setup({
      answers: [{ checkFails: 'net::ERR_NAME_NOT_RESOLVED\n  at x' }],
    });
    await timers.advance(FIRST_CHECK_DELAY_MS);
    const state = service.status().state;
    expect(state.status).toBe('error');
    expect(state.status === 'error' && state.message).toBe(
      'Could not check for updates: net::ERR_NAME_NOT_RESOLVED. The app tries again in 30 min; meanwhile check the network connection to GitHub.',
    );
    expect(timers.pending()).toEqual([30 * 60_000]);
    await timers.advance(30 * 60_000);
    expect(service.status().state).toEqual({ status: 'idle' });
    expect(timers.pending()).toEqual([CHECK_INTERVAL_MS]);
  });

  it('says a failed download, counted once, and retries it', async () => {
    const { service, timers } = setup({
      answers: [{ newest: '0.1.1', downloadFails: 'sha512 checksum mismatch' }],
    });
    await timers.advance(FIRST_CHECK_DELAY_MS);
    const state = service.status().state;
    expect(state.status === 'error' && state.message).toMatch(
      /^The update did not download: sha512 checksum mismatch\. The app tries again in 30 min/,
    );
    expect(timers.pending()).toEqual([30 * 60_000]);
  });

  it('lets a downloaded update install on quit only while no transfer runs and no job is followed', async () => {
    const { service, engine, timers, transfers, jobs, seen } = setup({
      answers: [{ newest: '0.1.1' }],
    });
    await timers.advance(FIRST_CHECK_DELAY_MS);
    transfers.set([uploading]);
    expect(seen.at(-1)?.state).toEqual({
      status: 'downloaded',
      version: '0.1.1',
      waitingFor: 'a transfer is running',
    });
    expect(service.prepareQuit()).toEqual({ now: false, waitingFor: 'a transfer is running' });
    expect(engine.installOnQuit).toBe(false);
    transfers.set([{ ...uploading, state: 'done' }]);
    jobs.set([
      {
        profileId: 'p',
        instanceName: 'i',
        jobId: 'j',
        status: 'Processing',
        phase: 'running',
        startedByApp: true,
        updatedAt: '2026-11-24T00:00:00.000Z',
      },
    ]);
    expect(service.prepareQuit()).toMatchObject({ now: false });
    jobs.set([]);
    expect(service.prepareQuit()).toEqual({ now: true });
    expect(engine.installOnQuit).toBe(true);
    expect(service.status().state).toEqual({ status: 'downloaded', version: '0.1.1' });
  });

  it('withdraws install on quit when the user turns updates off after a download', async () => {
    const { service, engine, timers, change } = setup({ answers: [{ newest: '0.1.1' }] });
    await timers.advance(FIRST_CHECK_DELAY_MS);
    change({ updateMode: 'off' });
    expect(service.status().state).toMatchObject({ status: 'disabled', reason: 'setting' });
    expect(timers.pending()).toEqual([]);
    service.prepareQuit();
    expect(engine.installOnQuit).toBe(false);
  });

  it('runs one check at a time', async () => {
    const { service, engine } = setup({ settings: { updateMode: 'manual' } });
    await Promise.all([service.check(), service.check()]);
    expect(engine.configs).toHaveLength(1);
  });

  it('shows the last check of an earlier run, and records each new one', async () => {
    const written: string[] = [];
    const lastCheck = {
      read: () => Promise.resolve('2026-11-20T08:00:00.000Z'),
      write: (at: string) => Promise.resolve(void written.push(at)),
    };
    const { service, seen } = setup({ settings: { updateMode: 'manual' }, lastCheck });
    await settle();
    expect(service.status().lastCheckAt).toBe('2026-11-20T08:00:00.000Z');
    expect(seen.at(-1)?.lastCheckAt).toBe('2026-11-20T08:00:00.000Z');
    await service.check();
    expect(service.status().lastCheckAt).toBe('2026-11-30T00:00:00.000Z');
    expect(written).toEqual(['2026-11-30T00:00:00.000Z']);
  });
});
