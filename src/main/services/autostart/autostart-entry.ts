import { createHash } from 'node:crypto';
import { AppError } from '../../../shared/errors';

/*
 * The text of the app's XDG autostart entry (freedesktop.org Desktop Entry Specification 1.5,
 * and the Desktop Application Autostart Specification, which reads `Hidden` and desktop
 * environments' own `X-GNOME-Autostart-enabled`). Pure: xdg-autostart.ts writes it.
 */

/** The key that marks an entry this app wrote, with a digest of the lines above it. */
const CHECKSUM_KEY = 'X-DataBridge-Checksum';

/**
 * Characters the spec reserves in an Exec argument: one of them puts the argument in double
 * quotes ("Reserved characters are space, tab, newline, double quote, single quote,
 * backslash, greater-than sign, less-than sign, tilde, vertical bar, ampersand, semicolon,
 * dollar sign, asterisk, question mark, hash mark, parenthesis, and backtick").
 */
const RESERVED = /[ \t\n"'\\><~|&;$*?#()`]/;

/**
 * One Exec argument as the spec has it, in two layers read back in the opposite order: the
 * Exec quoting (inside double quotes, `"`, `` ` ``, `$` and `\` take a backslash), then the
 * escaping of every string value (a backslash is written `\\`), so one backslash of a path
 * becomes four. A literal `%` is `%%` (a lone one starts a field code).
 *
 * @throws AppError VALIDATION for a control character, which no Exec line can carry
 */
export function execArgument(word: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (word === '' || /[\u0000-\u001f\u007f]/.test(word)) {
    throw new AppError({
      code: 'VALIDATION',
      message: `Cannot write the autostart entry: the path ${JSON.stringify(word)} is empty or holds a control character. Move the app to a folder whose name has none, then turn Start with the session on again.`,
    });
  }
  const quoted = RESERVED.test(word) ? `"${word.replace(/["`$\\]/g, '\\$&')}"` : word;
  return quoted.replaceAll('\\', '\\\\').replaceAll('%', '%%');
}

/** The digest that marks the lines as this app's, unchanged since it wrote them. */
function checksumOf(lines: readonly string[]): string {
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 32);
}

/**
 * The whole entry for the command `exec` (the executable, then its arguments): the app,
 * started with the session, shown in the desktop's list of startup applications, and the
 * digest line that lets the app tell its own untouched entry from one a person edited.
 */
export function autostartEntryText(exec: readonly string[]): string {
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    'Name=DataBridge Desktop',
    'Comment=Starts DataBridge Desktop hidden in the tray, with the monitor running',
    `Exec=${exec.map(execArgument).join(' ')}`,
    'Terminal=false',
    'NoDisplay=false',
    'Hidden=false',
    'X-GNOME-Autostart-enabled=true',
  ];
  return `${[...lines, `${CHECKSUM_KEY}=${checksumOf(lines)}`].join('\n')}\n`;
}

/**
 * Whether `text` is an entry this app wrote and nobody changed since: its last line is the
 * digest of the lines above it. A person's edit (turning it off in the desktop's startup
 * applications, a flag added to Exec) or an entry of their own makes this false.
 */
export function isUntouchedEntry(text: string): boolean {
  const lines = text.replace(/\n$/, '').split('\n');
  const last = lines.pop();
  return last === `${CHECKSUM_KEY}=${checksumOf(lines)}`;
}
