import { describe, expect, it } from 'vitest';
import { isPermissionGranted } from '../../../../src/main/platform/permission-policy';

const own = 'app://databridge';
const ask = (over: Partial<Parameters<typeof isPermissionGranted>[0]> = {}) => ({
  permission: 'clipboard-sanitized-write',
  requestingUrl: 'app://databridge/index.html',
  isMainFrame: true,
  ...over,
});

describe('isPermissionGranted', () => {
  it('grants the clipboard write to our own main frame, by URL or by origin', () => {
    expect(isPermissionGranted(ask(), own)).toBe(true);
    expect(isPermissionGranted(ask({ requestingUrl: 'app://databridge' }), own)).toBe(true);
    expect(isPermissionGranted(ask({ requestingUrl: 'APP://DataBridge/x' }), own)).toBe(true);
  });

  it('grants it to the dev server when that is our origin', () => {
    const dev = 'http://localhost:5173';
    expect(isPermissionGranted(ask({ requestingUrl: 'http://localhost:5173/' }), dev)).toBe(true);
    expect(isPermissionGranted(ask({ requestingUrl: 'http://localhost:5174/' }), dev)).toBe(false);
  });

  it('denies it to a sub-frame, a foreign page, or a frame without a URL', () => {
    expect(isPermissionGranted(ask({ isMainFrame: false }), own)).toBe(false);
    expect(isPermissionGranted(ask({ requestingUrl: 'https://evil.example/' }), own)).toBe(false);
    expect(isPermissionGranted(ask({ requestingUrl: 'file:///tmp/x.html' }), own)).toBe(false);
    expect(isPermissionGranted(ask({ requestingUrl: undefined }), own)).toBe(false);
    expect(isPermissionGranted(ask({ requestingUrl: '' }), own)).toBe(false);
  });

  it('denies every other permission, even to our own page', () => {
    for (const permission of [
      'clipboard-read',
      'notifications',
      'media',
      'geolocation',
      'openExternal',
      'fileSystem',
      'unknown',
    ]) {
      expect(isPermissionGranted(ask({ permission }), own), permission).toBe(false);
    }
  });
});
