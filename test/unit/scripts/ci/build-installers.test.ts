import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextStep } from '../../../../scripts/ci/build-installers.mjs';

/*
 * The installers' build retries the one failure GitHub's macOS runners are known to throw
 * at random (hdiutil's "Resource busy"), and no other.
 */

const BUSY = '  ⨯ hdiutil: create failed - Resource busy\n';

describe('the installers build', () => {
  it('is done when electron-builder passed', () => {
    expect(nextStep({ status: 0, output: BUSY, attempt: 1 })).toBe('done');
  });

  it('retries a busy disk image while attempts are left, then fails', () => {
    expect(nextStep({ status: 1, output: `building dmg\n${BUSY}`, attempt: 1 })).toBe('retry');
    expect(nextStep({ status: 1, output: BUSY, attempt: MAX_ATTEMPTS - 1 })).toBe('retry');
    expect(nextStep({ status: 1, output: BUSY, attempt: MAX_ATTEMPTS })).toBe('fail');
    expect(
      nextStep({
        status: 1,
        output: 'hdiutil: couldn\'t eject "disk2" - Resource busy',
        attempt: 1,
      }),
    ).toBe('retry');
  });

  it('fails at once on any other error', () => {
    expect(nextStep({ status: 1, output: 'cannot find module electron', attempt: 1 })).toBe('fail');
    expect(nextStep({ status: 1, output: 'rm: Resource busy', attempt: 1 })).toBe('fail');
  });
});
