import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_LENGTH,
  generatePassword,
} from '@renderer/components/logins/password-generator';
import { CreateLoginRequestSchema } from '@shared/contract/records/logins';

describe('generatePassword', () => {
  it('makes passwords the contract accepts, with all four character classes', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(DEFAULT_PASSWORD_LENGTH);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect(password).not.toMatch(/[;'"{}=\\\s]/);
      const request = { login: 'app_user', password, role: 'Consumer' };
      expect(CreateLoginRequestSchema.safeParse(request).success).toBe(true);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(seen.size).toBe(100);
  });

  it('draws from crypto.getRandomValues-style fills, rejecting biased values', () => {
    const values = [0xffff_ffff, 5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let calls = 0;
    const password = generatePassword(8, (bytes) => {
      bytes[0] = values[calls % values.length] ?? 0;
      calls += 1;
      return bytes;
    });
    expect(password).toHaveLength(8);
    // 0xffffffff lies above every class's unbiased limit, so it was drawn again.
    expect(calls).toBeGreaterThan(8 + 7);
  });

  it('refuses lengths outside 8 to 128', () => {
    expect(() => generatePassword(7)).toThrow(RangeError);
    expect(() => generatePassword(129)).toThrow(RangeError);
    expect(generatePassword(128)).toHaveLength(128);
  });
});
