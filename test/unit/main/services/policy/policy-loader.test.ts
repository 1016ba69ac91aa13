import { describe, expect, it } from 'vitest';
import { loadPolicy, parsePolicyText } from '../../../../../src/main/services/policy/policy-loader';

const SYSTEM = '/etc/databridge/policy.json';
const SEAM = '/tmp/seam/policy.json';
const GOOD = JSON.stringify({ version: 1, locked: { auditOnFailure: 'refuse' } });
const OTHER = JSON.stringify({ version: 1, allowDestructive: false });

/** A file system holding only `files`. */
function files(entries: Record<string, string>) {
  return (path: string) => Promise.resolve(entries[path]);
}

describe('loadPolicy', () => {
  it('is absent when no source holds a policy, naming the system file', async () => {
    const state = await loadPolicy({ platform: 'linux', env: {}, readText: files({}) });
    expect(state).toEqual({ status: 'absent', path: SYSTEM });
  });

  it('reads the system file', async () => {
    const state = await loadPolicy({
      platform: 'linux',
      env: {},
      readText: files({ [SYSTEM]: GOOD }),
    });
    expect(state).toMatchObject({
      status: 'ok',
      path: SYSTEM,
      policy: { locked: { auditOnFailure: 'refuse' } },
    });
  });

  it('reads DATABRIDGE_POLICY_DIR only when the system holds no policy', async () => {
    const env = { DATABRIDGE_POLICY_DIR: '/tmp/seam' };
    const seamOnly = await loadPolicy({
      platform: 'linux',
      env,
      readText: files({ [SEAM]: OTHER }),
    });
    expect(seamOnly).toMatchObject({
      status: 'ok',
      path: SEAM,
      policy: { allowDestructive: false },
    });
    const both = await loadPolicy({
      platform: 'linux',
      env,
      readText: files({ [SYSTEM]: GOOD, [SEAM]: JSON.stringify({ version: 1 }) }),
    });
    expect(both).toMatchObject({
      status: 'ok',
      path: SYSTEM,
      policy: { locked: { auditOnFailure: 'refuse' } },
    });
  });

  it('takes an http update mirror on this machine from the test folder only', async () => {
    const loopback = JSON.stringify({ version: 1, updates: { url: 'http://127.0.0.1:8123/' } });
    const fromSeam = await loadPolicy({
      platform: 'linux',
      env: { DATABRIDGE_POLICY_DIR: '/tmp/seam' },
      readText: files({ [SEAM]: loopback }),
    });
    expect(fromSeam).toMatchObject({
      status: 'ok',
      policy: { updates: { url: 'http://127.0.0.1:8123/' } },
    });
    const fromSystem = await loadPolicy({
      platform: 'linux',
      env: {},
      readText: files({ [SYSTEM]: loopback }),
    });
    expect(fromSystem).toMatchObject({
      status: 'invalid',
      problems: [
        expect.stringMatching(
          /^updates\.url: updates\.url must be an https:\/\/ address$/,
        ) as unknown,
      ],
    });
  });

  it('does not let the test folder replace a bad system file either', async () => {
    const state = await loadPolicy({
      platform: 'linux',
      env: { DATABRIDGE_POLICY_DIR: '/tmp/seam' },
      readText: files({ [SYSTEM]: '{', [SEAM]: GOOD }),
    });
    expect(state).toMatchObject({ status: 'invalid', path: SYSTEM });
  });

  it('reports a file it cannot read as invalid, with the reason', async () => {
    const denied = Object.assign(new Error('denied'), { code: 'EACCES' });
    const state = await loadPolicy({
      platform: 'linux',
      env: {},
      readText: () => Promise.reject(denied),
    });
    expect(state).toEqual({
      status: 'invalid',
      path: SYSTEM,
      problems: ['the file could not be read (EACCES)'],
    });
  });

  it('on Windows, takes the registry over the file when it holds values', async () => {
    const file = 'C:\\ProgramData\\DataBridge\\policy.json';
    const registry =
      'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge\r\n    allowSessionKill    REG_DWORD    0x0\r\n';
    const fromRegistry = await loadPolicy({
      platform: 'win32',
      env: {},
      readText: files({ [file]: GOOD }),
      queryRegistry: () => Promise.resolve(registry),
    });
    expect(fromRegistry).toMatchObject({
      status: 'ok',
      path: 'HKLM\\Software\\Policies\\DataBridge',
      policy: { allowSessionKill: false, locked: {} },
    });
    const fromFile = await loadPolicy({
      platform: 'win32',
      env: {},
      readText: files({ [file]: GOOD }),
      queryRegistry: () => Promise.resolve(undefined),
    });
    expect(fromFile).toMatchObject({ status: 'ok', path: file });
  });
});

describe('parsePolicyText', () => {
  it('reports invalid JSON and every schema problem by path, and keeps nothing of it', () => {
    expect(parsePolicyText('{"version": 1,', '/p.json')).toMatchObject({
      status: 'invalid',
      path: '/p.json',
      problems: [expect.stringMatching(/^not valid JSON: /) as unknown],
    });
    const state = parsePolicyText(
      JSON.stringify({
        version: 1,
        locked: { auditOnFailure: 'never' },
        defaults: { theme: 'dark' },
      }),
      '/p.json',
    );
    expect(state.status).toBe('invalid');
    expect(state).not.toHaveProperty('policy');
    expect(state.status === 'invalid' && state.problems).toEqual([
      expect.stringMatching(/^locked\.auditOnFailure: /) as unknown,
    ]);
    expect(parsePolicyText('[]', '/p.json')).toMatchObject({
      problems: [expect.stringMatching(/^\(top level\): /) as unknown],
    });
  });
});
