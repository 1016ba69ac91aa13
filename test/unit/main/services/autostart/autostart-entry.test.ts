import { describe, expect, it } from 'vitest';
import {
  autostartEntryText,
  execArgument,
  isUntouchedEntry,
} from '../../../../../src/main/services/autostart/autostart-entry';

describe('execArgument', () => {
  it('leaves a plain path bare', () => {
    expect(execArgument('/opt/databridge/databridge-desktop')).toBe(
      '/opt/databridge/databridge-desktop',
    );
  });

  it('quotes a path with a reserved character, as the Desktop Entry spec says', () => {
    expect(execArgument('/home/ana/DataBridge Desktop.AppImage')).toBe(
      '"/home/ana/DataBridge Desktop.AppImage"',
    );
    expect(execArgument("/home/o'neil/app")).toBe(`"/home/o'neil/app"`);
  });

  it('escapes ", `, $ and \\ inside the quotes, then every backslash again (four in all)', () => {
    expect(execArgument('/a/$HOME"`x')).toBe('"/a/\\\\$HOME\\\\"\\\\`x"');
    expect(execArgument('/a\\b')).toBe('"/a\\\\\\\\b"');
  });

  it('doubles a percent sign, which would start a field code', () => {
    expect(execArgument('/a/100%/app')).toBe('/a/100%%/app');
  });

  it('refuses a control character, naming the path and what to do', () => {
    expect(() => execArgument('/a\nb')).toThrow(/control character.*Move the app/);
    expect(() => execArgument('')).toThrow(/empty/);
  });
});

describe('autostartEntryText', () => {
  const text = autostartEntryText(['/home/ana/Apps/DataBridge Desktop.AppImage', '--hidden']);

  it('starts the command with the session, enabled, with the hidden flag', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Type=Application',
        'Exec="/home/ana/Apps/DataBridge Desktop.AppImage" --hidden',
        'Hidden=false',
        'X-GNOME-Autostart-enabled=true',
      ]),
    );
    expect(text.endsWith('\n')).toBe(true);
  });

  it('is untouched as written, and no longer once a person edits it', () => {
    expect(isUntouchedEntry(text)).toBe(true);
    expect(isUntouchedEntry(text.replace('Hidden=false', 'Hidden=true'))).toBe(false);
    expect(isUntouchedEntry(text.replace(' --hidden', ''))).toBe(false);
    expect(isUntouchedEntry('[Desktop Entry]\nType=Application\nExec=other\n')).toBe(false);
  });
});
