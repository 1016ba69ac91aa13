import { describe, expect, it } from 'vitest';
import {
  desktopEntryProblems,
  runValueProblems,
  runValuesFrom,
} from '../../../../scripts/ci/check-login-item.mjs';
import { autostartEntryText } from '../../../../src/main/services/autostart/autostart-entry';

/* The workflow's outside look at the login item the smoke test left on. */

const ELECTRON = 'D:\\a\\app\\node_modules\\electron\\dist\\electron.exe';
const REG_OUTPUT = [
  '',
  'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
  '    OneDrive    REG_SZ    "C:\\Program Files\\Microsoft OneDrive\\OneDrive.exe" /background',
  `    ${ELECTRON}    REG_SZ    ${ELECTRON} D:\\a\\app --hidden`,
  '',
].join('\r\n');

describe('the Windows Run key', () => {
  it('reads the values reg query prints, names with spaces and backslashes included', () => {
    expect(runValuesFrom(REG_OUTPUT)).toEqual([
      {
        name: 'OneDrive',
        data: '"C:\\Program Files\\Microsoft OneDrive\\OneDrive.exe" /background',
      },
      { name: ELECTRON, data: `${ELECTRON} D:\\a\\app --hidden` },
    ]);
  });

  it('passes a value that starts the binary with --hidden, whatever the case of its path', () => {
    expect(runValueProblems(runValuesFrom(REG_OUTPUT), ELECTRON)).toEqual([]);
    expect(runValueProblems(runValuesFrom(REG_OUTPUT), ELECTRON.toUpperCase())).toEqual([]);
  });

  it('fails with no value for the binary, or one without --hidden', () => {
    expect(runValueProblems([], ELECTRON)).toEqual([expect.stringMatching(/^no value under/)]);
    const shown = [{ name: 'x', data: `"${ELECTRON}" D:\\a\\app` }];
    expect(runValueProblems(shown, ELECTRON)).toEqual([expect.stringMatching(/without --hidden/)]);
  });
});

describe('the Linux autostart entry', () => {
  const binary = '/srv/checkout/node_modules/electron/dist/electron';

  it('passes the entry the app writes for this binary with --hidden', () => {
    const text = autostartEntryText([binary, '/srv/checkout', '--hidden']);
    expect(desktopEntryProblems(text, binary)).toEqual([]);
  });

  it('passes a quoted binary path', () => {
    const spaced = '/home/runner/my work/electron';
    const text = autostartEntryText([spaced, '/x', '--hidden']);
    expect(desktopEntryProblems(text, spaced)).toEqual([]);
  });

  it('fails an entry that is off, starts something else, or has no --hidden', () => {
    const text = autostartEntryText([binary, '/app', '--hidden']);
    expect(desktopEntryProblems(text.replace('Hidden=false', 'Hidden=true'), binary)).toEqual([
      'no line Hidden=false',
    ]);
    expect(desktopEntryProblems(text, '/usr/bin/other')).toEqual([
      expect.stringMatching(/^Exec does not start/),
    ]);
    expect(desktopEntryProblems(autostartEntryText([binary, '/app']), binary)).toEqual([
      expect.stringMatching(/^Exec has no --hidden/),
    ]);
  });
});
