import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bashCompletion } from '../../../../../src/main/cli/completion/bash';
import type { CompletionModel } from '../../../../../src/main/cli/completion/completion-model';
import { valueCases } from '../../../../../src/main/cli/completion/completion-model';
import { fishCompletion } from '../../../../../src/main/cli/completion/fish';
import { powershellCompletion } from '../../../../../src/main/cli/completion/powershell';
import { zshCompletion } from '../../../../../src/main/cli/completion/zsh';

/*
 * Each generator is a pure function of the model: these tests use a small model of their own;
 * completion-command.shells.test.ts runs the scripts of the real catalogue in the shells
 * installed.
 */

const TEXT = { kind: 'text' } as const;
const REGION = { kind: 'values', values: ['EU', 'US'] } as const;
const common = [{ name: 'region', value: REGION }, { name: 'verbose' }];

/** Two groups, one transfer command with a file argument, one option that differs per command. */
export const SMALL_MODEL: CompletionModel = {
  groups: [
    {
      name: 'databases',
      commands: [
        {
          name: 'list',
          summary: "List the databases (it's quick)",
          options: [
            { name: 'instanceName', value: TEXT },
            { name: 'adminAccess', value: { kind: 'values', values: ['true', 'false'] } },
            ...common,
          ],
        },
        {
          name: 'export',
          summary: 'Export: a job',
          options: [
            { name: 'exportTo', value: { kind: 'values', values: ['mdf', 'bak'] } },
            ...common,
          ],
        },
      ],
    },
    { name: 'jobs', commands: [{ name: 'get', summary: 'Read a job', options: common }] },
  ],
  commands: [
    {
      name: 'import',
      summary: 'Upload a file',
      options: [{ name: 'exportTo', value: TEXT }, { name: 'wait' }, ...common],
      argument: { kind: 'path' },
    },
  ],
  globalOptions: [{ name: 'help' }, { name: 'version' }],
};

describe('valueCases', () => {
  it('writes an option shared by every command once, and a line for each that differs', () => {
    // exportTo: a closed list for databases export (seen first), free text for import.
    expect(valueCases(SMALL_MODEL)).toEqual([
      { key: 'import', name: 'exportTo', value: TEXT },
      { name: 'adminAccess', value: { kind: 'values', values: ['true', 'false'] } },
      { name: 'region', value: REGION },
      { name: 'exportTo', value: { kind: 'values', values: ['mdf', 'bak'] } },
    ]);
  });
});

describe('bashCompletion', () => {
  const script = bashCompletion(SMALL_MODEL);

  it('is valid bash that registers _databridge', () => {
    expect(() => execFileSync('bash', ['-n'], { input: script })).not.toThrow();
    expect(script).toMatch(/^complete -F _databridge databridge$/m);
  });

  it('writes the tables of commands, options and values', () => {
    expect(script).toContain("databases) cmds='list export' ;;");
    expect(script).toContain(
      "databases.list) opts='--instanceName --adminAccess --region --verbose' ;;",
    );
    expect(script).toContain('*:exportTo) COMPREPLY=($(compgen -W \'mdf bak\' -- "$cur")) ;;');
    expect(script).toContain('import:exportTo) COMPREPLY=() ;;');
    expect(script).toContain('*:region) COMPREPLY=($(compgen -W \'EU US\' -- "$cur")) ;;');
    expect(script).toContain('import) compopt -o filenames');
    expect(script).toMatch(/^ +adminAccess\|exportTo\|instanceName\|region\) return 0 ;;$/m);
  });
});

describe('zshCompletion', () => {
  const script = zshCompletion(SMALL_MODEL);

  it('is a #compdef function that works autoloaded and sourced', () => {
    expect(script.split('\n')[0]).toBe('#compdef databridge');
    expect(script).toContain('compdef _databridge databridge');
    expect(script).toContain('_databridge "$@"');
  });

  it('describes commands with their summaries, quoting them for zsh', () => {
    expect(script).toContain(`'list:List the databases (it'\\''s quick)'`);
    expect(script).toContain("(*:'exportTo') compadd -- 'mdf' 'bak' ;;");
    expect(script).toContain("('import':'exportTo') : ;;");
    expect(script).toContain("(*:'region') compadd -- 'EU' 'US' ;;");
    expect(script).toContain("('import') _files ;;");
  });
});

describe('fishCompletion', () => {
  const script = fishCompletion(SMALL_MODEL);

  it('completes each option only under its command, values with -x -a', () => {
    expect(script).toContain(
      "complete -c databridge -n '__databridge_is databases.list' -l 'adminAccess' -x -a 'true false'",
    );
    expect(script).toContain(
      "complete -c databridge -n '__databridge_in_group databases' -a 'list' -d 'List the databases (it\\'s quick)'",
    );
    expect(script).toContain("complete -c databridge -n '__databridge_is import' -l 'wait'");
    expect(script).toContain("complete -c databridge -n '__databridge_is import' -F");
    expect(script).toContain(
      'set -g __databridge_value_options adminAccess exportTo instanceName region',
    );
  });
});

describe('powershellCompletion', () => {
  const script = powershellCompletion(SMALL_MODEL);

  it('registers a native completer with the model as JSON', () => {
    expect(script).toContain('Register-ArgumentCompleter -Native -CommandName databridge');
    const json = /\$model = @'\n(.*)\n'@ \| ConvertFrom-Json/.exec(script)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({
      ...SMALL_MODEL,
      valueOptions: ['adminAccess', 'exportTo', 'instanceName', 'region'],
    });
  });
});
