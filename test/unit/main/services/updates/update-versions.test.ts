import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  versionVerdict,
} from '../../../../../src/main/services/updates/update-versions';

describe('compareVersions', () => {
  it('orders by major, minor and patch as numbers, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('0.1.1', '0.1.0')).toBe(1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('v1.4.2', '1.4.2')).toBe(0);
  });

  it('puts a pre-release before its release, and orders pre-releases as semver does', () => {
    expect(compareVersions('1.5.0-beta.1', '1.5.0')).toBe(-1);
    expect(compareVersions('1.5.0', '1.5.0-beta.1')).toBe(1);
    expect(compareVersions('1.5.0-beta.2', '1.5.0-beta.10')).toBe(-1);
    expect(compareVersions('1.5.0-alpha', '1.5.0-beta')).toBe(-1);
    expect(compareVersions('1.5.0-beta', '1.5.0-beta.1')).toBe(-1);
    expect(compareVersions('1.5.0-1', '1.5.0-beta')).toBe(-1);
  });

  it('ignores build metadata and answers undefined for what is not a version', () => {
    expect(compareVersions('1.4.2+linux', '1.4.2')).toBe(0);
    expect(compareVersions('latest', '1.4.2')).toBeUndefined();
    expect(compareVersions('1.4', '1.4.2')).toBeUndefined();
  });
});

describe('versionVerdict', () => {
  it('takes a newer version', () => {
    expect(versionVerdict({ current: '0.1.0', found: '0.1.1' })).toEqual({ take: true });
  });

  it('never goes back a version, and says the current one is the newest', () => {
    const older = versionVerdict({ current: '1.5.0', found: '1.5.0-beta.3' });
    expect(older).toMatchObject({ take: false });
    expect(older.take === false && older.note).toMatch(/never goes back/);
    const same = versionVerdict({ current: '1.5.0', found: '1.5.0' });
    expect(same.take === false && same.note).toBe('You have the newest version (1.5.0).');
  });

  it('takes only the pinned version where the organisation pins one', () => {
    expect(versionVerdict({ current: '1.4.0', found: '1.4.2', pinVersion: '1.4.2' })).toEqual({
      take: true,
    });
    const other = versionVerdict({ current: '1.4.0', found: '1.5.0', pinVersion: '1.4.2' });
    expect(other.take === false && other.note).toBe(
      'Version 1.5.0 is out, but your organisation keeps this computer on 1.4.2.',
    );
  });

  it('does not take a pinned version older than this one', () => {
    expect(versionVerdict({ current: '1.5.0', found: '1.4.2', pinVersion: '1.4.2' })).toMatchObject(
      { take: false },
    );
  });

  it('leaves a feed entry that is not a version', () => {
    expect(versionVerdict({ current: '1.0.0', found: 'nightly' })).toMatchObject({ take: false });
  });
});
