import { describe, expect, it } from 'vitest';
import { formMovesProfile, formOf } from '@renderer/model/forms/profile-form';
import { profile } from '../../../../../support/renderer/explorer-fixtures';

describe('formMovesProfile (the form then asks for the secret again)', () => {
  const custom = profile({ target: { kind: 'custom', baseUrl: 'https://db.example/databridge' } });

  it('is false for edits that keep the address', () => {
    const eu = profile();
    expect(formMovesProfile(eu, { ...formOf(eu), name: 'Renamed', color: '#dc2626' })).toBe(false);
    // Another path or spelling of the same scheme, host and port.
    for (const baseUrl of ['https://DB.example:443/other', 'https://db.example/databridge/']) {
      expect(formMovesProfile(custom, { ...formOf(custom), baseUrl })).toBe(false);
    }
  });

  it('is true for another region, host, port or scheme', () => {
    const eu = profile();
    expect(formMovesProfile(eu, { ...formOf(eu), target: 'US' })).toBe(true);
    expect(
      formMovesProfile(eu, { ...formOf(eu), target: 'custom', baseUrl: 'https://x.example' }),
    ).toBe(true);
    expect(formMovesProfile(custom, { ...formOf(custom), target: 'EU' })).toBe(true);
    for (const baseUrl of [
      'https://db.example.evil.test/databridge',
      'https://db.example:8443/databridge',
      'http://db.example/databridge',
      'https://db.exampl',
    ]) {
      expect(formMovesProfile(custom, { ...formOf(custom), baseUrl })).toBe(true);
    }
  });
});
