import { describe, expect, it } from 'vitest';
import {
  seamPolicyFile,
  systemPolicyFile,
} from '../../../../../src/main/services/policy/policy-paths';

describe('systemPolicyFile', () => {
  it('is in ProgramData on Windows, Library on macOS, /etc elsewhere', () => {
    expect(systemPolicyFile('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      'D:\\ProgramData\\DataBridge\\policy.json',
    );
    expect(systemPolicyFile('win32', {})).toBe('C:\\ProgramData\\DataBridge\\policy.json');
    expect(systemPolicyFile('darwin', { HOME: '/Users/a' })).toBe(
      '/Library/Application Support/DataBridge/policy.json',
    );
    expect(systemPolicyFile('linux', { XDG_CONFIG_HOME: '/home/a/.config' })).toBe(
      '/etc/databridge/policy.json',
    );
  });

  it('takes the test folder only from DATABRIDGE_POLICY_DIR, when set', () => {
    expect(seamPolicyFile({})).toBeUndefined();
    expect(seamPolicyFile({ DATABRIDGE_POLICY_DIR: '  ' })).toBeUndefined();
    expect(seamPolicyFile({ DATABRIDGE_POLICY_DIR: '/tmp/p' })).toBe('/tmp/p/policy.json');
  });
});
