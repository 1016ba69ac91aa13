import { describe, expect, it } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  failureMessage,
  feedChoice,
  FIRST_CHECK_DELAY_MS,
  installKindOf,
  installVerdict,
  nextCheckDelay,
  shownFeed,
  updateAvailability,
  type InstallKind,
} from '../../../../../src/main/services/updates/update-decisions';
import type { TrackedJob } from '../../../../../src/shared/model/job-event';
import type { TransferRecord, TransferState } from '../../../../../src/shared/model/transfer';

const APPIMAGE: InstallKind = {
  platform: 'linux',
  isPackaged: true,
  appImage: '/home/u/DataBridge.AppImage',
};
const NSIS: InstallKind = { platform: 'win32', isPackaged: true, portable: false };

describe('installKindOf', () => {
  it('reads the AppImage and the portable launcher from the environment', () => {
    expect(
      installKindOf({ platform: 'linux', isPackaged: true, env: { APPIMAGE: '/a.AppImage' } }),
    ).toEqual({ platform: 'linux', isPackaged: true, appImage: '/a.AppImage', portable: false });
    expect(
      installKindOf({
        platform: 'win32',
        isPackaged: true,
        env: { PORTABLE_EXECUTABLE_DIR: 'D:\\' },
      }),
    ).toEqual({ platform: 'win32', isPackaged: true, portable: true });
  });

  it('takes no AppImage inside a snap (the snap store updates it) or an empty variable', () => {
    const env = { APPIMAGE: '/a.AppImage', SNAP: '/snap/databridge/1' };
    expect(installKindOf({ platform: 'linux', isPackaged: true, env }).appImage).toBeUndefined();
    expect(
      installKindOf({ platform: 'linux', isPackaged: true, env: { APPIMAGE: '' } }).appImage,
    ).toBeUndefined();
  });
});

describe('updateAvailability', () => {
  const on = (kind: InstallKind) =>
    updateAvailability({ kind, mode: 'auto', modeSource: 'builtIn' });

  it('is on for the AppImage and the Windows installer', () => {
    expect(on(APPIMAGE)).toEqual({ on: true });
    expect(on(NSIS)).toEqual({ on: true });
  });

  it('leaves a deb or rpm to the system package manager, and says so', () => {
    const answer = on({ platform: 'linux', isPackaged: true });
    expect(answer).toMatchObject({ on: false, reason: 'package' });
    expect(answer.on === false && answer.message).toMatch(/package manager updates it/);
  });

  it('is off from a source checkout, a portable copy and on macOS, each saying why', () => {
    expect(on({ platform: 'linux', isPackaged: false })).toMatchObject({ reason: 'source' });
    expect(on({ ...NSIS, portable: true })).toMatchObject({ reason: 'portable' });
    expect(on({ platform: 'darwin', isPackaged: true })).toMatchObject({ reason: 'unsupported' });
  });

  it('says who turned updates off: the user, or the organisation (a locked setting)', () => {
    const byUser = updateAvailability({ kind: APPIMAGE, mode: 'off', modeSource: 'user' });
    expect(byUser).toMatchObject({ on: false, reason: 'setting' });
    const byDefault = updateAvailability({
      kind: APPIMAGE,
      mode: 'off',
      modeSource: 'policyDefault',
    });
    expect(byDefault).toMatchObject({ on: false, reason: 'setting' });
    const byPolicy = updateAvailability({ kind: APPIMAGE, mode: 'off', modeSource: 'locked' });
    expect(byPolicy).toMatchObject({ on: false, reason: 'policy' });
    expect(byPolicy.on === false && byPolicy.message).toMatch(
      /Your organisation turned updates off/,
    );
  });

  it('checks when asked in manual mode', () => {
    expect(updateAvailability({ kind: NSIS, mode: 'manual', modeSource: 'user' })).toEqual({
      on: true,
    });
  });
});

describe('feedChoice', () => {
  it('uses GitHub with the stable channel by default', () => {
    expect(feedChoice({ channel: 'stable' })).toEqual({
      feed: { kind: 'github' },
      channel: 'latest',
      allowPrerelease: false,
    });
  });

  it("takes the organisation's mirror as a generic feed, and pre-releases on beta", () => {
    expect(feedChoice({ channel: 'beta', mirrorUrl: 'https://mirror.corp/databridge/' })).toEqual({
      feed: { kind: 'mirror', url: 'https://mirror.corp/databridge/' },
      channel: 'beta',
      allowPrerelease: true,
    });
  });

  it('shows a mirror without its user name and password', () => {
    expect(shownFeed({ kind: 'mirror', url: 'https://bot:s3cret@mirror.corp/db/' })).toEqual({
      kind: 'mirror',
      url: 'https://mirror.corp/db/',
    });
  });
});

function transfer(state: TransferState): TransferRecord {
  return {
    id: state,
    kind: 'import',
    profileId: 'p',
    instanceName: 'i',
    databaseName: 'd',
    fileType: 'bak',
    state,
    bytesDone: 0,
    totalBytes: 1,
    createdAt: '2026-11-24T00:00:00.000Z',
    updatedAt: '2026-11-24T00:00:00.000Z',
  };
}

function job(phase: TrackedJob['phase'], startedByApp: boolean): TrackedJob {
  return {
    profileId: 'p',
    instanceName: 'i',
    jobId: `${phase}-${startedByApp}`,
    status: phase === 'running' ? 'Processing' : 'Succeeded',
    phase,
    startedByApp,
    updatedAt: '2026-11-24T00:00:00.000Z',
  };
}

describe('installVerdict', () => {
  it('installs when nothing runs: paused and finished transfers, jobs of others or ended', () => {
    expect(
      installVerdict({
        transfers: [transfer('paused'), transfer('done'), transfer('failed')],
        jobs: [job('running', false), job('succeeded', true)],
      }),
    ).toEqual({ now: true });
  });

  it('waits while a transfer runs or a job the app started is followed, saying which', () => {
    expect(installVerdict({ transfers: [transfer('uploading')], jobs: [] })).toEqual({
      now: false,
      waitingFor: 'a transfer is running',
    });
    expect(
      installVerdict({
        transfers: [transfer('downloading'), transfer('queued')],
        jobs: [job('running', true)],
      }),
    ).toEqual({
      now: false,
      waitingFor: '2 transfers are running and a job you started is being followed',
    });
  });
});

describe('nextCheckDelay', () => {
  it('checks soon after start, then daily, in auto mode only', () => {
    expect(nextCheckDelay({ mode: 'auto', on: true, last: 'none', failures: 0 })).toBe(
      FIRST_CHECK_DELAY_MS,
    );
    expect(nextCheckDelay({ mode: 'auto', on: true, last: 'ok', failures: 0 })).toBe(
      CHECK_INTERVAL_MS,
    );
    expect(nextCheckDelay({ mode: 'manual', on: true, last: 'none', failures: 0 })).toBeUndefined();
    expect(nextCheckDelay({ mode: 'auto', on: false, last: 'none', failures: 0 })).toBeUndefined();
  });

  it('tries a failed check again sooner, backing off to six hours', () => {
    const after = (failures: number) =>
      nextCheckDelay({ mode: 'auto', on: true, last: 'failed', failures });
    expect(after(1)).toBe(30 * 60_000);
    expect(after(2)).toBe(60 * 60_000);
    expect(after(10)).toBe(6 * 60 * 60_000);
  });
});

describe('failureMessage', () => {
  it('says what failed, why in one line, when it is tried again and where to look', () => {
    expect(
      failureMessage({
        what: 'download',
        reason: 'sha512 checksum mismatch, expected abc\n    at DigestTransform',
        mode: 'manual',
        failures: 1,
        fromMirror: true,
      }),
    ).toBe(
      'The update did not download: sha512 checksum mismatch, expected abc. Try again later with Check for updates; meanwhile check the network connection to your organisation’s update mirror.',
    );
    expect(
      failureMessage({ what: 'check', reason: '', mode: 'auto', failures: 3, fromMirror: false }),
    ).toBe(
      'Could not check for updates: no reason given. The app tries again in 120 min; meanwhile check the network connection to GitHub.',
    );
  });
});
