import type { UpdateChannel, UpdateMode, UpdateStatus } from '@shared/model/updates';

/*
 * What the About box says about updates, from main's status: each line in words, and why
 * "Check for updates" cannot be pressed now. Pure, so each sentence is tested.
 */

const MODE_WORDS: Record<UpdateMode, string> = {
  auto: 'Automatic: checked at start and daily, installed when you quit',
  manual: 'When you ask: Check for updates',
  off: 'Off',
};

const CHANNEL_WORDS: Record<UpdateChannel, string> = {
  stable: 'Stable',
  beta: 'Beta (pre-releases too)',
};

/** The update mode in words. */
export function modeWords(mode: UpdateMode): string {
  return MODE_WORDS[mode];
}

/** The channel in words. */
export function channelWords(channel: UpdateChannel): string {
  return CHANNEL_WORDS[channel];
}

/** Where releases come from, in words. */
export function feedWords(feed: UpdateStatus['feed']): string {
  return feed.kind === 'github' ? 'GitHub Releases' : `Your organisation's mirror, ${feed.url}`;
}

/** The updater's state in one sentence. */
export function stateWords(state: UpdateStatus['state']): string {
  switch (state.status) {
    case 'idle':
      return state.note ?? 'Up to date, as far as the last check knows.';
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${state.version} is available; it downloads in the background.`;
    case 'downloading':
      return `Downloading version ${state.version}: ${Math.floor(state.percent)} %.`;
    case 'downloaded':
      return state.waitingFor
        ? `Version ${state.version} is downloaded and verified. Waiting: ${state.waitingFor}; it installs at a quit with none running.`
        : `Version ${state.version} is downloaded and verified; it installs when you quit the app.`;
    case 'error':
    case 'disabled':
      return state.message;
  }
}

/**
 * Why "Check for updates" cannot be pressed now (updates off here, or a check or download
 * running), or undefined when it can.
 */
export function checkBlockedReason(status: UpdateStatus | undefined): string | undefined {
  if (!status) return 'The update status is loading.';
  const { state } = status;
  if (state.status === 'disabled') return state.message;
  if (state.status === 'checking') return 'A check is running.';
  if (state.status === 'downloading' || state.status === 'available') {
    return 'An update is downloading.';
  }
  return undefined;
}
