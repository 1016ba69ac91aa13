import { describe, expect, it } from 'vitest';
import { appImageProfile, asShippedVerdict } from '../../../../scripts/ci/check-appimage.mjs';

describe('check-appimage', () => {
  it('accepts the AppImage as shipped without the sandbox only where user namespaces are restricted', () => {
    expect(asShippedVerdict({ restricted: false, sandbox: true }).ok).toBe(true);
    expect(asShippedVerdict({ restricted: true, sandbox: true }).ok).toBe(true);
    const fallback = asShippedVerdict({ restricted: true, sandbox: false });
    expect(fallback.ok).toBe(true);
    expect(fallback.line).toMatch(/AppRun started the app with --no-sandbox/);
    expect(asShippedVerdict({ restricted: false, sandbox: false })).toEqual({
      ok: false,
      line: "as shipped: Chromium's sandbox is false although user namespaces are not restricted here",
    });
    expect(asShippedVerdict({ restricted: true, sandbox: undefined }).ok).toBe(false);
  });

  it('writes a profile that lets only that AppImage use user namespaces', () => {
    const profile = appImageProfile('/home/u/DataBridge Desktop-0.1.0.AppImage');
    expect(profile).toContain(
      'profile databridge-desktop-appimage "/home/u/DataBridge Desktop-0.1.0.AppImage"',
    );
    expect(profile).toMatch(/^\s+userns,$/m);
    expect(profile.startsWith('abi <abi/4.0>,')).toBe(true);
  });
});
