import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import { completionScript, installed } from '../../../../support/cli/completion-shells';

/*
 * The scripts `databridge completion SHELL` prints for the real catalogue, run in the shells
 * themselves: bash always (the test machines have it); zsh and fish where installed.
 */

let folder = '';
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'databridge-completion-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('databridge completion bash, in bash', () => {
  /** COMPREPLY for the command line `line` (the cursor at its end), sorted. */
  async function complete(line: string): Promise<string[]> {
    const file = join(folder, 'databridge.bash');
    writeFileSync(file, await completionScript('bash'));
    const probe = [
      'source "$1"',
      'COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}',
      'read -ra COMP_WORDS <<< "$COMP_LINE"',
      '[[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")',
      'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))',
      '_databridge',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const out = execFileSync('bash', ['-c', probe, 'probe', file, line], {
      cwd: folder,
      encoding: 'utf8',
    });
    return out.split('\n').filter(Boolean).sort();
  }

  it('completes a group by its first letters', async () => {
    expect(await complete('databridge data')).toEqual(['databases']);
  });

  it("lists a group's commands, the catalogue's and the CLI's own", async () => {
    const ids = catalogue.filter((op) => op.group === 'databases').map((op) => op.id.split('.')[1]);
    expect(await complete('databridge databases ')).toEqual([...ids].sort());
    expect(await complete('databridge archives d')).toEqual(['delete', 'download']);
  });

  it("completes an operation's options after the values given before", async () => {
    expect(await complete('databridge databases list --instanceName sql-eu-prod-01 --adm')).toEqual(
      ['--adminAccess'],
    );
    expect(await complete('databridge export --to')).toEqual(['--to']);
  });

  it('completes enumerated values by name, after a space or "="', async () => {
    expect(await complete('databridge export --exportTo ')).toEqual(['bak', 'dacpac', 'mdf']);
    expect(await complete('databridge databases export --exportTo b')).toEqual(['bak']);
    expect(await complete('databridge databases list --adminAccess t')).toEqual(['true']);
    expect(await complete('databridge databases list --region ')).toEqual(['EU', 'US']);
  });

  it("completes an operation's body fields as flags, their names, --wait and --yes", async () => {
    expect(await complete('databridge databases create --data')).toEqual([
      '--data-dir',
      '--databaseName',
    ]);
    expect(await complete('databridge logins create --role ')).toEqual(['Consumer', 'Contributor']);
    expect(await complete('databridge databases rename --wa')).toEqual(['--wait']);
    expect(await complete('databridge databases drop --y')).toEqual(['--yes']);
    expect(await complete('databridge databases pin --no-p')).toEqual(['--no-pinned']);
  });

  it('completes the shells of "completion" and nothing for free text', async () => {
    expect(await complete('databridge completion ')).toEqual(['bash', 'fish', 'powershell', 'zsh']);
    expect(await complete('databridge databases list --instanceName ')).toEqual([]);
  });

  it('completes after "--name=" (bash splits the word at "=")', async () => {
    const file = join(folder, 'databridge.bash');
    writeFileSync(file, await completionScript('bash'));
    // What bash hands the function for `databridge export --exportTo=d`.
    const probe = [
      'source "$1"',
      'COMP_WORDS=(databridge export --exportTo = d); COMP_CWORD=4',
      '_databridge; printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const out = execFileSync('bash', ['-c', probe, 'probe', file], { encoding: 'utf8' });
    expect(out.trim()).toBe('dacpac');
  });
});

describe('databridge completion zsh and fish, in the shell', () => {
  it('is valid zsh', async (context) => {
    if (!installed('zsh')) context.skip('zsh is not installed here (command -v zsh found none)');
    const file = join(folder, '_databridge');
    writeFileSync(file, await completionScript('zsh'));
    expect(() => execFileSync('zsh', ['-n', file])).not.toThrow();
  });

  it('is valid fish and completes a group', async (context) => {
    if (!installed('fish')) context.skip('fish is not installed here (command -v fish found none)');
    const file = join(folder, 'databridge.fish');
    writeFileSync(file, await completionScript('fish'));
    expect(() => execFileSync('fish', ['-n', file])).not.toThrow();
    const out = execFileSync('fish', ['-c', `source ${file}; complete -C 'databridge data'`], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/^databases/m);
  });

  it('is valid PowerShell', async (context) => {
    if (!installed('pwsh'))
      context.skip('PowerShell is not installed here (command -v pwsh found none)');
    const file = join(folder, 'databridge.ps1');
    writeFileSync(file, await completionScript('powershell'));
    const check = `$errors = $null; [void][System.Management.Automation.Language.Parser]::ParseFile('${file}', [ref]$null, [ref]$errors); if ($errors) { exit 1 }`;
    expect(() => execFileSync('pwsh', ['-NoProfile', '-Command', check])).not.toThrow();
  });
});
