import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import { completionScript, installed } from '../../../../support/cli/completion-shells';

/*
 * What the zsh and fish scripts of `databridge completion` offer, asked of the shells
 * themselves for the same command lines as bash's (completion-command.shells.test.ts). fish
 * answers `complete -C LINE` as a person's Tab would. zsh's completion system needs a
 * terminal, so its builtins are stood in for by functions that print what they are given
 * (`compadd`'s words, `_describe`'s names); the script's own logic, which finds the command and
 * chooses what to offer, runs as it does at a prompt, and the offers are then narrowed to the
 * word being typed, as zsh does. Each shell's tests skip, saying so, where it is not installed
 * (.ci/run installs both).
 */

const databaseCommands = catalogue
  .filter((op) => op.group === 'databases')
  .map((op) => op.id.split('.')[1] ?? '')
  .sort();

/** Command lines (the cursor at the end) and what completing them offers, sorted. */
const CASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['databridge data', ['databases']],
  ['databridge databases ', databaseCommands],
  ['databridge archives d', ['delete', 'download']],
  ['databridge databases list --instanceName sql-eu-prod-01 --adm', ['--adminAccess']],
  ['databridge export --exportTo ', ['bak', 'dacpac', 'mdf']],
  ['databridge databases list --region ', ['EU', 'US']],
  ['databridge databases create --data', ['--data-dir', '--databaseName']],
  ['databridge logins create --role ', ['Consumer', 'Contributor']],
  ['databridge databases drop --y', ['--yes']],
  ['databridge completion ', ['bash', 'fish', 'powershell', 'zsh']],
];

/** The zsh probe: the script sourced beside stand-ins for the completion system's builtins. */
const ZSH_PROBE = [
  'compdef() { : }',
  'compset() { : }',
  'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }',
  '_describe() { local name; for name in ${(P)4}; do print -r -- ${name%%:*}; done }',
  "_files() { print -r -- '<files>' }",
  'source $1',
  'words=(${(z)2}); [[ $2 == *" " ]] && words+=("")',
  'CURRENT=${#words}',
  '_databridge',
].join('\n');

let folder = '';
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'databridge-completion-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('databridge completion zsh, in zsh', () => {
  it.for(CASES)('completes "%s"', async ([line, expected], context) => {
    if (!installed('zsh')) context.skip('zsh is not installed here (command -v zsh found none)');
    const file = join(folder, '_databridge');
    writeFileSync(file, await completionScript('zsh'));
    const out = execFileSync('zsh', ['-f', '-c', ZSH_PROBE, 'probe', file, line], {
      encoding: 'utf8',
    });
    const typed = line.endsWith(' ') ? '' : (line.split(' ').at(-1) ?? '');
    const offered = out.split('\n').filter((word) => word !== '' && word.startsWith(typed));
    expect([...new Set(offered)].sort()).toEqual(expected);
  });
});

describe('databridge completion fish, in fish', () => {
  it.for(CASES)('completes "%s"', async ([line, expected], context) => {
    if (!installed('fish')) context.skip('fish is not installed here (command -v fish found none)');
    const file = join(folder, 'databridge.fish');
    writeFileSync(file, await completionScript('fish'));
    const out = execFileSync(
      'fish',
      ['--no-config', '-c', `source $argv[1]; complete -C $argv[2]`, file, line],
      {
        encoding: 'utf8',
        env: { ...process.env, HOME: folder, XDG_CONFIG_HOME: folder, XDG_DATA_HOME: folder },
      },
    );
    const offered = out
      .split('\n')
      .filter(Boolean)
      .map((entry) => entry.split('\t')[0]);
    expect([...new Set(offered)].sort()).toEqual(expected);
  });
});
