import { describe, expect, it } from 'vitest';
import {
  channelWords,
  checkBlockedReason,
  feedWords,
  modeWords,
  stateWords,
} from '../../../../../../src/renderer/src/model/about/update-words';
import type { UpdateStatus } from '../../../../../../src/shared/model/updates';

const status = (state: UpdateStatus['state']): UpdateStatus => ({
  mode: 'auto',
  channel: 'stable',
  feed: { kind: 'github' },
  lastCheckAt: null,
  state,
});

describe('the About box’s update words', () => {
  it('names the mode, the channel and where releases come from', () => {
    expect(modeWords('manual')).toBe('When you ask: Check for updates');
    expect(channelWords('beta')).toBe('Beta (pre-releases too)');
    expect(feedWords({ kind: 'github' })).toBe('GitHub Releases');
    expect(feedWords({ kind: 'mirror', url: 'https://mirror.corp/db/' })).toBe(
      "Your organisation's mirror, https://mirror.corp/db/",
    );
  });

  it('says a downloaded update installs on quit, or what it waits for', () => {
    expect(stateWords({ status: 'downloaded', version: '0.2.0' })).toBe(
      'Version 0.2.0 is downloaded and verified; it installs when you quit the app.',
    );
    expect(
      stateWords({ status: 'downloaded', version: '0.2.0', waitingFor: 'a transfer is running' }),
    ).toBe(
      'Version 0.2.0 is downloaded and verified. Waiting: a transfer is running; it installs at a quit with none running.',
    );
    expect(stateWords({ status: 'downloading', version: '0.2.0', percent: 41.7 })).toBe(
      'Downloading version 0.2.0: 41 %.',
    );
    expect(stateWords({ status: 'idle', note: 'You have the newest version (0.1.0).' })).toBe(
      'You have the newest version (0.1.0).',
    );
  });

  it('blocks Check for updates where updates are off and while one runs, saying why', () => {
    const off = status({
      status: 'disabled',
      reason: 'package',
      message:
        "This copy was installed from a package (deb or rpm): your system's package manager updates it.",
    });
    expect(checkBlockedReason(off)).toBe(off.state.status === 'disabled' && off.state.message);
    expect(checkBlockedReason(status({ status: 'checking' }))).toBe('A check is running.');
    expect(checkBlockedReason(status({ status: 'downloading', version: '1', percent: 3 }))).toBe(
      'An update is downloading.',
    );
    expect(checkBlockedReason(status({ status: 'error', message: 'x' }))).toBeUndefined();
    expect(checkBlockedReason(status({ status: 'downloaded', version: '1' }))).toBeUndefined();
    expect(checkBlockedReason(undefined)).toBe('The update status is loading.');
  });
});
