import { describe, expect, it } from 'vitest';
import {
  decodeStoredEntry,
  encodeBoundSecret,
  profileOrigin,
} from '../../../../../src/main/services/secrets/secret-binding';

describe('profileOrigin', () => {
  it('is the region service host for a region profile', () => {
    expect(profileOrigin({ kind: 'region', region: 'EU' })).toBe('https://api-euw1.rms.com');
    expect(profileOrigin({ kind: 'region', region: 'US' })).toBe('https://api-use1.rms.com');
  });

  it('is the scheme, host and port of a custom base URL, whatever its path', () => {
    const origin = (baseUrl: string) => profileOrigin({ kind: 'custom', baseUrl });
    expect(origin('https://db.example/databridge')).toBe('https://db.example');
    // Spelled differently, the same place: the same origin.
    expect(origin('HTTPS://DB.Example:443/other/path/')).toBe('https://db.example');
    expect(origin('http://127.0.0.1:80/databridge')).toBe('http://127.0.0.1');
    // Another scheme, host or port is another place.
    expect(origin('http://db.example/databridge')).not.toBe(origin('https://db.example/x'));
    expect(origin('https://db.example:8443/databridge')).toBe('https://db.example:8443');
    expect(origin('https://db.example.evil.test/databridge')).not.toBe('https://db.example');
    expect(origin('https://user@db.example/databridge')).toBe('https://db.example');
  });
});

describe('keychain entries', () => {
  it('round-trip a secret with its origin, whatever characters the secret has', () => {
    for (const secret of ['plain', 'with "quotes" and \\ backslash', '{"v":1}', 'ünï €']) {
      const raw = encodeBoundSecret(secret, 'https://db.example');
      expect(decodeStoredEntry(raw)).toEqual({
        kind: 'bound',
        origin: 'https://db.example',
        secret,
      });
    }
  });

  it("read anything else as an earlier version's raw secret", () => {
    for (const raw of ['plain-key', '{"v":1}', '{"v":2,"origin":"x","secret":"y"}', '[1]', '42']) {
      expect(decodeStoredEntry(raw)).toEqual({ kind: 'unbound', secret: raw });
    }
  });
});
