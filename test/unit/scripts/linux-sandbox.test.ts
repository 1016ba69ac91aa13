import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apparmorProfile,
  isSetuidRoot,
  profileCovers,
  sandboxProblem,
  shellQuote,
} from '../../../scripts/linux-sandbox.mjs';

const USER_OWNED = { uid: 1000, mode: 0o100755 };
const SETUID_ROOT = { uid: 0, mode: 0o104755 };
const ELECTRON = '/home/ann/databridge/node_modules/electron/dist/electron';
const restricted = { platform: 'linux', restrictUserns: 1, electronPath: ELECTRON };

describe('the Linux sandbox check before npm start', () => {
  it('finds the Ubuntu 23.10+ case: restriction on, chrome-sandbox not setuid root', () => {
    const message = sandboxProblem({ ...restricted, sandboxStat: USER_OWNED }) ?? '';
    expect(message).toContain('The SUID sandbox helper binary was found');
    expect(message).toContain('kernel.apparmor_restrict_unprivileged_userns = 1');
    expect(message).toContain('owned by uid 1000 with mode 0755');
    expect(message).toContain(
      'sudo chown root:root node_modules/electron/dist/chrome-sandbox && sudo chmod 4755 node_modules/electron/dist/chrome-sandbox',
    );
    expect(message).toContain('sudo apparmor_parser -r /etc/apparmor.d/databridge-electron-dev');
    expect(message).toContain(`"${ELECTRON}" flags=(unconfined)`);
    expect(message).toContain('electron/electron#42510');
  });

  it('never offers turning the sandbox off', () => {
    for (const sandboxStat of [USER_OWNED, null, { uid: 0, mode: 0o100755 }]) {
      const message = sandboxProblem({ ...restricted, sandboxStat }) ?? '';
      expect(message).not.toBe('');
      expect(message).not.toMatch(/no-sandbox|disable-setuid|sysctl/i);
    }
  });

  it.each([
    ['another OS', { ...restricted, platform: 'darwin', sandboxStat: USER_OWNED }],
    ['Windows', { ...restricted, platform: 'win32', sandboxStat: null }],
    [
      'no restriction (Debian, Fedora, Ubuntu 22.04)',
      { ...restricted, restrictUserns: 0, sandboxStat: USER_OWNED },
    ],
    [
      'no such sysctl (older kernels)',
      { ...restricted, restrictUserns: null, sandboxStat: USER_OWNED },
    ],
    ['the setuid fix applied', { ...restricted, sandboxStat: SETUID_ROOT }],
    [
      'an AppArmor profile for the binary',
      { ...restricted, sandboxStat: USER_OWNED, profileGrantsUserns: true },
    ],
  ])('lets Electron start: %s', (_case, facts) => {
    expect(sandboxProblem(facts)).toBeNull();
  });

  it('names a missing helper instead of its mode', () => {
    expect(sandboxProblem({ ...restricted, sandboxStat: null })).toContain('is missing');
  });

  it('asks for what Chromium checks: root, setuid, runnable by others', () => {
    expect(isSetuidRoot(SETUID_ROOT)).toBe(true);
    expect(isSetuidRoot({ uid: 0, mode: 0o104750 })).toBe(false);
    expect(isSetuidRoot({ uid: 0, mode: 0o100755 })).toBe(false);
    expect(isSetuidRoot({ uid: 1000, mode: 0o104755 })).toBe(false);
    expect(isSetuidRoot(null)).toBe(false);
  });

  it('recognises the profile it proposes, and no profile for another path', () => {
    const profile = apparmorProfile(ELECTRON).join('\n');
    expect(profile).toContain('userns,');
    expect(profileCovers([profile], ELECTRON)).toBe(true);
    expect(
      profileCovers([`profile x ${ELECTRON} flags=(unconfined) {\n  userns,\n}`], ELECTRON),
    ).toBe(true);
    expect(profileCovers([profile], '/opt/other/electron')).toBe(false);
    expect(profileCovers([], ELECTRON)).toBe(false);
  });

  it('quotes paths so that the printed commands can be pasted', () => {
    expect(shellQuote('node_modules/electron/dist/chrome-sandbox')).toBe(
      'node_modules/electron/dist/chrome-sandbox',
    );
    const odd = "/home/ann/it's mine/chrome-sandbox";
    const echoed = spawnSync('sh', ['-c', `printf %s ${shellQuote(odd)}`], { encoding: 'utf8' });
    expect(echoed.stdout).toBe(odd);
  });
});

describe('the check on this machine', () => {
  it('as a script, passes or prints the fix and exits 1, as this machine is', () => {
    const run = spawnSync(process.execPath, ['scripts/linux-sandbox.mjs'], { encoding: 'utf8' });
    if (run.status === 0) {
      expect(run.stderr).toBe('');
    } else {
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('sudo chmod 4755');
    }
    // DATABRIDGE_SANDBOX_CHECK=off always lets npm start go on.
    const off = spawnSync(process.execPath, ['scripts/linux-sandbox.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, DATABRIDGE_SANDBOX_CHECK: 'off' },
    });
    expect(off.status).toBe(0);
  });

  it('runs in npm start and npm run dev once the binary is there', () => {
    const ensure = readFileSync('scripts/ensure-electron.mjs', 'utf8');
    expect(ensure).toMatch(
      /if \(code === 0\) \{[^}]*sandboxProblemHere\(pkg\.dir\)[^}]*return sandbox \? 1 : 0;/,
    );
  });
});
