/*
 * The texts "Install the databridge command" writes or runs: the launcher that starts the
 * bundled command line, and the two steps that need the operating system's own tools (a
 * symlink in /usr/local/bin as an administrator on macOS, the user's PATH on Windows).
 *
 * The launcher runs the bundle on the Node.js of the PATH (or DATABRIDGE_NODE), not on the
 * app's own binary: the packaged app has Electron's RunAsNode fuse off (electron-builder.yml,
 * electronFuses), so ELECTRON_RUN_AS_NODE=1 would start the app instead of a Node, and that
 * fuse stays off because it would let anything on the machine run code as the signed app.
 */

/** A line every launcher carries, so that an update replaces ours and nothing else. */
export const LAUNCHER_MARK = 'installed by DataBridge Desktop (Install the databridge command)';

const NO_NODE =
  'databridge needs Node.js on the PATH (https://nodejs.org), or DATABRIDGE_NODE set to a node executable.';

/** `text` as one word of a POSIX shell command line: single quotes, each `'` written `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The launcher for macOS and Linux: a shell script that runs `bundle` with Node. */
export function posixLauncher(bundle: string): string {
  return [
    '#!/bin/sh',
    `# databridge, the command line of DataBridge Desktop: ${LAUNCHER_MARK}.`,
    '# It runs the command line bundled with the app on Node.js, the one on the PATH or',
    '# DATABRIDGE_NODE.',
    'node="${DATABRIDGE_NODE:-node}"',
    'if ! command -v "$node" >/dev/null 2>&1; then',
    `  echo ${shellQuote(NO_NODE)} >&2`,
    '  exit 127',
    'fi',
    `exec "$node" ${shellQuote(bundle)} "$@"`,
    '',
  ].join('\n');
}

/** The launcher for Windows: `databridge.cmd`, which runs `bundle` with Node. */
export function windowsLauncher(bundle: string): string {
  // In a batch file `%` starts a variable; a path cannot hold `"`, so quoting does the rest.
  const path = bundle.replaceAll('%', '%%');
  return [
    '@echo off',
    `rem databridge, the command line of DataBridge Desktop: ${LAUNCHER_MARK}.`,
    'rem It runs the command line bundled with the app on Node.js, the one on the PATH or',
    'rem DATABRIDGE_NODE.',
    'setlocal',
    'set "DATABRIDGE_RUN=node"',
    'if defined DATABRIDGE_NODE set "DATABRIDGE_RUN=%DATABRIDGE_NODE%"',
    `"%DATABRIDGE_RUN%" "${path}" %*`,
    'set "DATABRIDGE_EXIT=%ERRORLEVEL%"',
    // 9009: cmd found no such program.
    `if "%DATABRIDGE_EXIT%"=="9009" echo ${NO_NODE} 1>&2`,
    'exit /b %DATABRIDGE_EXIT%',
    '',
  ].join('\r\n');
}

/** True when `text` is a launcher this app wrote (an update may replace it). */
export function isOurLauncher(text: string): boolean {
  return text.includes(LAUNCHER_MARK);
}

/** `text` as an AppleScript string literal. */
function appleScriptString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The AppleScript that links `link` to `target` as an administrator (macOS asks for the
 * password): /usr/local/bin belongs to root, and is missing on a Mac without Homebrew.
 */
export function macAdminLinkScript(link: { path: string; target: string }): string {
  const folder = link.path.slice(0, link.path.lastIndexOf('/'));
  const command = `mkdir -p ${shellQuote(folder)} && ln -sfn ${shellQuote(link.target)} ${shellQuote(link.path)}`;
  return `do shell script ${appleScriptString(command)} with prompt ${appleScriptString('DataBridge Desktop wants to install the databridge command.')} with administrator privileges`;
}

/**
 * The PowerShell that appends the folder in $env:DATABRIDGE_BIN to the user's PATH unless it
 * is there. The value is read and written unexpanded (`%USERPROFILE%\...` entries stay as
 * they are), and a variable set through .NET tells Explorer, so new terminals see the change.
 */
export const WINDOWS_USER_PATH_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  '$bin = $env:DATABRIDGE_BIN',
  "$key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey('Environment', $true)",
  "$path = [string]$key.GetValue('Path', '', 'DoNotExpandEnvironmentNames')",
  "$entries = @($path -split ';' | Where-Object { $_ -ne '' })",
  "if ($entries | Where-Object { $_.TrimEnd('\\') -ieq $bin.TrimEnd('\\') }) { exit 0 }",
  "$key.SetValue('Path', (($entries + $bin) -join ';'), 'ExpandString')",
  "[Environment]::SetEnvironmentVariable('DATABRIDGE_PATH_CHANGED', '1', 'User')",
  "[Environment]::SetEnvironmentVariable('DATABRIDGE_PATH_CHANGED', $null, 'User')",
].join('; ');
