import { describe, expect, it } from 'vitest';
import {
  passwordPolicyMessage,
  passwordPolicyWarnings,
} from '@renderer/components/logins/password-policy';

describe('password policy warnings', () => {
  it('warns about abc: too short and one class of four', () => {
    const warnings = passwordPolicyWarnings('abc', 'report_reader');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('shorter than 8');
    expect(warnings[1]).toContain('no capital letters, no digits, no symbols');
  });

  it('accepts three classes of four at 8 characters and more', () => {
    expect(passwordPolicyWarnings('Abcdefg1')).toEqual([]);
    expect(passwordPolicyWarnings('abcdef1!')).toEqual([]);
    expect(passwordPolicyWarnings('Sommer#Wind')).toEqual([]);
  });

  it('warns when two classes only, whatever the length', () => {
    expect(passwordPolicyWarnings('abcdefghijklmnop1')).toEqual([
      'it uses fewer than three of capital letters, small letters, digits and symbols (no capital letters, no symbols)',
    ]);
  });

  it('warns when the password contains the login name, in any case', () => {
    expect(passwordPolicyWarnings('X!Report_Reader9', 'report_reader')).toEqual([
      'it contains the login name',
    ]);
  });

  it('says nothing for an empty password (the required rule says it) and joins the reasons', () => {
    expect(passwordPolicyMessage('')).toBeUndefined();
    expect(passwordPolicyMessage('abc')).toMatch(
      /^SQL Server's default password policy would likely refuse this password: it is shorter than 8 characters; it uses .*\.$/,
    );
  });
});
