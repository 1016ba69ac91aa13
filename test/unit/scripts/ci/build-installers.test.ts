import { describe, expect, it } from 'vitest';
import {
  builderArgs,
  builderEnv,
  MAX_ATTEMPTS,
  nextStep,
  SIGNING_VARIABLES,
} from '../../../../scripts/ci/build-installers.mjs';

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

  it('leaves out the signing secrets a repository does not have, and keeps those it has', () => {
    const env = Object.fromEntries(SIGNING_VARIABLES.map((name) => [name, '']));
    expect(builderEnv({ ...env, PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin' });
    const signed = builderEnv({ ...env, CSC_LINK: 'base64-p12', CSC_KEY_PASSWORD: 'pw' });
    expect(signed).toEqual({ CSC_LINK: 'base64-p12', CSC_KEY_PASSWORD: 'pw' });
  });

  it('signs the mac app with the Developer ID named, and ad hoc (the config) without one', () => {
    const named = {
      CSC_LINK: 'p12',
      CSC_NAME: 'Developer ID Application: Example Ltd (AB12CD34EF)',
    };
    expect(builderArgs(named, 'darwin')).toEqual([
      '--publish',
      'never',
      '-c.mac.identity=Developer ID Application: Example Ltd (AB12CD34EF)',
    ]);
    expect(builderArgs(named, 'win32')).toEqual(['--publish', 'never']);
    expect(builderArgs({ CSC_NAME: named.CSC_NAME }, 'darwin')).toEqual(['--publish', 'never']);
    expect(builderArgs({}, 'darwin')).toEqual(['--publish', 'never']);
  });
});
