import { describe, expect, it } from 'vitest';
import { policyFromRegQuery } from '../../../../../src/main/services/policy/registry-policy';
import { PolicySchema } from '../../../../../src/shared/model/policy';

/** `reg query HKLM\Software\Policies\DataBridge /s` as reg.exe prints it (CRLF, 4-space gaps). */
const RECORDED = [
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge',
  '    AllowDestructive    REG_DWORD    0x0',
  '    allowSessionKill    REG_DWORD    0x1',
  '    teamMonitorUrl    REG_SZ    https://monitor.corp.example:9464',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\allowedRegions',
  '    2    REG_SZ    us',
  '    1    REG_SZ    eu',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\allowedServiceUrls',
  '    1    REG_SZ    https://databridge.corp.example',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\Locked',
  '    auditOnFailure    REG_SZ    refuse',
  '    bandwidthLimitMiBps    REG_SZ    12.5',
  '    closeToTray    REG_DWORD    0x1',
  '    transfersAtOnce    REG_DWORD    0x3',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\defaults',
  '    theme    REG_SZ    dark',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\updates',
  '    mode    REG_SZ    manual',
  '    channel    REG_SZ    beta',
  '',
].join('\r\n');

describe('policyFromRegQuery', () => {
  it('reads values, subkeys as objects and lists, DWORDs as booleans or numbers', () => {
    const raw = policyFromRegQuery(RECORDED);
    expect(raw).toEqual({
      version: 1,
      allowDestructive: false,
      allowSessionKill: true,
      teamMonitorUrl: 'https://monitor.corp.example:9464',
      allowedRegions: ['eu', 'us'],
      allowedServiceUrls: ['https://databridge.corp.example'],
      locked: {
        auditOnFailure: 'refuse',
        bandwidthLimitMiBps: 12.5,
        closeToTray: true,
        transfersAtOnce: 3,
      },
      defaults: { theme: 'dark' },
      updates: { mode: 'manual', channel: 'beta' },
    });
    expect(PolicySchema.safeParse(raw).success).toBe(true);
  });

  it('answers no policy for a key without values', () => {
    expect(policyFromRegQuery('')).toBeUndefined();
    expect(
      policyFromRegQuery('\r\nHKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\r\n\r\n'),
    ).toBeUndefined();
  });

  it('keeps an unknown name as it is, for the schema to refuse by name', () => {
    const raw = policyFromRegQuery(
      [
        'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\\locked',
        '    colour    REG_SZ    red',
      ].join('\r\n'),
    );
    const result = PolicySchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['locked'], keys: ['colour'] });
  });
});
