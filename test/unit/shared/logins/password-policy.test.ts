import { describe, expect, it } from 'vitest';
import {
  meetsPasswordPolicy,
  passwordPolicyFailures,
} from '../../../../src/shared/logins/password-policy';

describe("SQL Server's default password policy", () => {
  it('refuses fewer than 8 characters, even with all four categories', () => {
    expect(passwordPolicyFailures('Ab1!xyz')).toEqual(['it is shorter than 8 characters']);
    expect(meetsPasswordPolicy('Ab1!xyzw')).toBe(true);
  });

  it('asks for three of capital letters, small letters, digits and symbols', () => {
    expect(meetsPasswordPolicy('Abcdefg1')).toBe(true);
    expect(meetsPasswordPolicy('abcdef1!')).toBe(true);
    expect(meetsPasswordPolicy('ABCDEF1!')).toBe(true);
    expect(meetsPasswordPolicy('Sommer#Wind')).toBe(true);
    expect(passwordPolicyFailures('abcdefghijklmnop1')).toEqual([
      'it uses fewer than three of capital letters, small letters, digits and symbols (no capital letters, no symbols)',
    ]);
    expect(meetsPasswordPolicy('PASSWORDpassword')).toBe(false);
    expect(meetsPasswordPolicy('12345678!!!!')).toBe(false);
  });

  it('counts letters by their Unicode case, and a space as a symbol', () => {
    expect(meetsPasswordPolicy('Ärger über alles')).toBe(true);
    expect(meetsPasswordPolicy('éléphant1')).toBe(false);
    expect(meetsPasswordPolicy('Éléphant1')).toBe(true);
  });

  it('refuses a password containing the login name, in any case', () => {
    expect(passwordPolicyFailures('X!Report_Reader9', 'report_reader')).toEqual([
      'it contains the login name',
    ]);
    expect(meetsPasswordPolicy('X!Report_Reader9', ' REPORT_READER ')).toBe(false);
    expect(meetsPasswordPolicy('X!Report_Reader9', 'etl_loader')).toBe(true);
  });

  it('skips the name check for names shorter than 3 characters, as Windows does', () => {
    expect(meetsPasswordPolicy('Xylophone#1', 'xy')).toBe(true);
    expect(meetsPasswordPolicy('Xylophone#1', 'xyl')).toBe(false);
  });

  it('lists every reason: abc is short, of one category, and may contain the name', () => {
    expect(passwordPolicyFailures('abc', 'abc')).toEqual([
      'it is shorter than 8 characters',
      'it uses fewer than three of capital letters, small letters, digits and symbols (no capital letters, no digits, no symbols)',
      'it contains the login name',
    ]);
    expect(passwordPolicyFailures('')).toHaveLength(2);
  });
});
