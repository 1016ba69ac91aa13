import { isFinalTransferState, type TransferRecord } from '../../../shared/model/transfer';
import type { TrackedJob } from '../../../shared/model/job-event';
import type { SettingSource } from '../../../shared/model/policy';
import type {
  UpdateChannel,
  UpdateMode,
  UpdateOffReason,
  UpdateStatus,
} from '../../../shared/model/updates';

/*
 * The updater's decisions, each a pure function: whether this copy of the app updates itself
 * at all, where releases come from, whether a downloaded update may install now, and when the
 * next check runs. `update-service.ts` applies them; `platform/updater.ts` is the Electron glue.
 */

/** What the app knows about how this copy was installed (read by the Electron glue). */
export interface InstallKind {
  readonly platform: NodeJS.Platform;
  /** False when it runs from a source checkout (`npm start`, electron-vite). */
  readonly isPackaged: boolean;
  /** Linux: the AppImage file it runs from (the AppImage runtime's APPIMAGE variable). */
  readonly appImage?: string | undefined;
  /** Windows: a portable copy (its launcher sets PORTABLE_EXECUTABLE_DIR). */
  readonly portable?: boolean;
}

/**
 * How this copy was installed, from what Electron and the environment say: the AppImage
 * runtime sets APPIMAGE (a snap's runtime may pass one along: the snap store updates it),
 * electron-builder's portable launcher sets PORTABLE_EXECUTABLE_DIR.
 */
export function installKindOf(input: {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}): InstallKind {
  const { platform, isPackaged, env } = input;
  const appImage = env['SNAP'] ? undefined : env['APPIMAGE'] || undefined;
  return {
    platform,
    isPackaged,
    ...(appImage ? { appImage } : {}),
    portable: Boolean(env['PORTABLE_EXECUTABLE_DIR']),
  };
}

/** Whether this copy updates itself, and when not, why (in a sentence the window shows). */
export type UpdateAvailability =
  | { readonly on: true }
  | { readonly on: false; readonly reason: UpdateOffReason; readonly message: string };

function off(reason: UpdateOffReason, message: string): UpdateAvailability {
  return { on: false, reason, message };
}

/** Where this copy came from, when that rules out updating itself; undefined when it may. */
function installRefusal(kind: InstallKind): UpdateAvailability | undefined {
  if (!kind.isPackaged) {
    return off(
      'source',
      'This copy runs from source (npm start): it does not update itself. Pull the new version and rebuild.',
    );
  }
  if (kind.platform === 'linux' && !kind.appImage) {
    return off(
      'package',
      "This copy was installed from a package (deb or rpm): your system's package manager updates it (for example apt upgrade or dnf upgrade).",
    );
  }
  if (kind.platform === 'win32' && kind.portable) {
    return off(
      'portable',
      'This is a portable copy: it does not update itself. Download the new version from the releases page.',
    );
  }
  if (kind.platform === 'darwin') {
    return off(
      'unsupported',
      'This Mac copy does not update itself yet: download the new version from the releases page.',
    );
  }
  return undefined;
}

/**
 * Whether this copy checks for updates: not from a source checkout, a package the system
 * updates (deb, rpm), a portable copy or macOS (not offered yet); not when the update mode is
 * off, which says whether the user or the organisation turned it off.
 */
export function updateAvailability(input: {
  readonly kind: InstallKind;
  readonly mode: UpdateMode;
  readonly modeSource: SettingSource;
}): UpdateAvailability {
  const refusal = installRefusal(input.kind);
  if (refusal) return refusal;
  if (input.mode !== 'off') return { on: true };
  return input.modeSource === 'locked'
    ? off(
        'policy',
        'Your organisation turned updates off on this computer. Ask your IT department for new versions.',
      )
    : off('setting', 'Updates are off. Turn them on in Settings, under Updates.');
}

/** How electron-updater is pointed: the feed, its channel, and whether pre-releases count. */
export interface FeedChoice {
  readonly feed: { readonly kind: 'github' } | { readonly kind: 'mirror'; readonly url: string };
  /** electron-updater's channel: `latest` (latest*.yml) or `beta` (beta*.yml). */
  readonly channel: 'latest' | 'beta';
  /** GitHub's feed: pre-releases are offered on the beta channel only. */
  readonly allowPrerelease: boolean;
}

/**
 * The feed: the GitHub Releases of the release path (app-update.yml, written by
 * electron-builder from package.json's repository), or the organisation's mirror when its
 * policy names one (a generic feed, set at run time). The beta channel also takes pre-releases.
 */
export function feedChoice(input: {
  readonly channel: UpdateChannel;
  readonly mirrorUrl?: string | undefined;
}): FeedChoice {
  const beta = input.channel === 'beta';
  return {
    feed: input.mirrorUrl ? { kind: 'mirror', url: input.mirrorUrl } : { kind: 'github' },
    channel: beta ? 'beta' : 'latest',
    allowPrerelease: beta,
  };
}

/** The feed as the About box shows it: a mirror's URL without any user name or password. */
export function shownFeed(feed: FeedChoice['feed']): UpdateStatus['feed'] {
  if (feed.kind === 'github') return feed;
  const url = new URL(feed.url);
  url.username = '';
  url.password = '';
  return { kind: 'mirror', url: url.toString() };
}

/** A transfer that moves bytes or waits on its job (a paused one resumes after a restart). */
function isRunningTransfer(record: TransferRecord): boolean {
  return record.state !== 'paused' && !isFinalTransferState(record.state);
}

/** A job the user started from this app and it still follows (a restart would lose it). */
function isFollowedJob(job: TrackedJob): boolean {
  return job.startedByApp && job.phase === 'running';
}

function counted(count: number, one: string, many: string): string {
  return count === 1 ? one : `${count} ${many}`;
}

/** Whether a downloaded update may install now; when not, what it waits for. */
export type InstallVerdict =
  { readonly now: true } | { readonly now: false; readonly waitingFor: string };

/**
 * Whether a downloaded update may install now (when the app quits): never while a transfer
 * runs or a job the app started is followed; it then waits for a quit with none running.
 */
export function installVerdict(input: {
  readonly transfers: readonly TransferRecord[];
  readonly jobs: readonly TrackedJob[];
}): InstallVerdict {
  const transfers = input.transfers.filter(isRunningTransfer).length;
  const jobs = input.jobs.filter(isFollowedJob).length;
  if (transfers === 0 && jobs === 0) return { now: true };
  const parts = [
    ...(transfers > 0
      ? [counted(transfers, 'a transfer is running', 'transfers are running')]
      : []),
    ...(jobs > 0
      ? [
          counted(
            jobs,
            'a job you started is being followed',
            'jobs you started are being followed',
          ),
        ]
      : []),
  ];
  return { now: false, waitingFor: parts.join(' and ') };
}

/** How long after start the first automatic check runs: the window comes up first. */
export const FIRST_CHECK_DELAY_MS = 10_000;
/** Between two checks that worked. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** After a failed check, the first retry; each further failure doubles it, up to the cap. */
const RETRY_FIRST_MS = 30 * 60 * 1000;
const RETRY_CAP_MS = 6 * 60 * 60 * 1000;

/**
 * When the next automatic check runs, in ms from now; undefined when none runs by itself
 * (updates off, or `manual`: the user asks). At start, then daily; a check that failed is
 * tried again sooner (30 min, doubling up to 6 h), never later than the daily one.
 */
export function nextCheckDelay(input: {
  readonly mode: UpdateMode;
  readonly on: boolean;
  /** `none`: no check since the app started. */
  readonly last: 'none' | 'ok' | 'failed';
  /** Failed checks in a row. */
  readonly failures: number;
}): number | undefined {
  if (!input.on || input.mode !== 'auto') return undefined;
  if (input.last === 'none') return FIRST_CHECK_DELAY_MS;
  if (input.last === 'ok') return CHECK_INTERVAL_MS;
  const doubled = RETRY_FIRST_MS * 2 ** Math.max(0, input.failures - 1);
  return Math.min(doubled, RETRY_CAP_MS);
}

/** The first line of an engine's message (electron-updater appends stacks and bodies). */
export function firstLine(text: string): string {
  const line = (text.split('\n')[0] ?? '').trim().replace(/[.\s]+$/, '');
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || 'no reason given';
}

/**
 * What a failed check or download says: what failed and why (the engine's first line), when
 * the app tries again (auto mode: after the retry delay) or that the user may, and where to
 * look (the network to GitHub, or to the organisation's mirror).
 */
export function failureMessage(input: {
  readonly what: 'check' | 'download';
  readonly reason: string;
  readonly mode: UpdateMode;
  /** Failed checks in a row, this one included. */
  readonly failures: number;
  readonly fromMirror: boolean;
}): string {
  const retry = nextCheckDelay({
    mode: 'auto',
    on: true,
    last: 'failed',
    failures: input.failures,
  });
  const when =
    input.mode === 'auto'
      ? `The app tries again in ${Math.round((retry ?? 0) / 60_000)} min`
      : 'Try again later with Check for updates';
  const where = input.fromMirror ? 'your organisation’s update mirror' : 'GitHub';
  const done =
    input.what === 'check' ? 'Could not check for updates' : 'The update did not download';
  return `${done}: ${firstLine(input.reason)}. ${when}; meanwhile check the network connection to ${where}.`;
}
