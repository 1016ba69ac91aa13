import { parseArgs } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import { UsageError, parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import {
  isDiagnosticsCommand,
  parseDiagnosticsArgs,
} from '../../../../../src/main/cli/args/diagnostics-args';
import { parseTransferArgs } from '../../../../../src/main/cli/args/transfer-args';
import { isAuditCommand, parseAuditArgs } from '../../../../../src/main/cli/args/audit-args';
import { transferCommandName } from '../../../../../src/main/cli/args/transfer-words';
import { isPolicyCommand, parsePolicyArgs } from '../../../../../src/main/cli/args/policy-args';
import { quickAnswer } from '../../../../../src/main/cli/commands/quick';
import { completionModelOf } from '../../../../../src/main/cli/completion/completion-catalogue';
import {
  keyedCommands,
  type CompletionValue,
} from '../../../../../src/main/cli/completion/completion-model';
import { SERVE_OPTIONS } from '../../../../../src/main/cli/monitor-serve/serve-options';
import { isMonitorServe } from '../../../../../src/main/cli/monitor-serve/serve-words';
import { takeListArgs } from '../../../../../src/main/cli/args/list-args';
import { takeOutputArgs } from '../../../../../src/main/cli/output/output-args';

/*
 * The model completion offers is the command line the CLI's parsers take: every command it
 * lists is one they know, with no option they refuse; and the bundle's copy of it is what
 * `databridge completion` prints from.
 */

const model = completionModelOf(catalogue);

/**
 * The words of an option as a command line gives it: the first of its closed list of values,
 * else a value that no schema is checked with.
 */
function given(option: { name: string; value?: CompletionValue }): string[] {
  if (option.value === undefined) return [`--${option.name}`];
  const value = option.value.kind === 'values' ? (option.value.values[0] ?? '1') : '1';
  return [`--${option.name}=${value}`];
}

/**
 * `monitor serve`'s options as its parser reads them (the parser itself goes on to read the
 * app's data folder and check every value, which is its own test's matter).
 */
function parseServeOptions(argv: string[]): void {
  try {
    parseArgs({ args: argv, options: SERVE_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The message a parser refuses `argv` with, or undefined. */
function refusal(given: string[]): string | undefined {
  // The output options are taken off first, as the runner does, for every command, and the
  // list options for an operation.
  const { argv } = takeOutputArgs(given);
  try {
    const transfer = transferCommandName(argv);
    if (isMonitorServe(argv)) parseServeOptions(argv);
    else if (isPolicyCommand(argv)) parsePolicyArgs(argv);
    else if (transfer) parseTransferArgs(transfer, argv);
    else if (isDiagnosticsCommand(argv)) parseDiagnosticsArgs(argv);
    else if (isAuditCommand(argv)) parseAuditArgs(argv);
    else parseCliArgs(takeListArgs(argv).argv);
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('completionModelOf', () => {
  it('lists every operation of the catalogue under its group', () => {
    const keys = keyedCommands(model).map(({ key }) => key);
    for (const op of catalogue) expect(keys).toContain(op.id);
    expect(keys).toEqual(
      expect.arrayContaining([
        'import',
        'export',
        'archives.download',
        'jobs.wait',
        'diagnostics',
        'completion',
        'policy.show',
        'audit.list',
        'monitor.serve',
      ]),
    );
  });

  it('offers no option that the parser of its command refuses', () => {
    for (const { key, command } of keyedCommands(model)) {
      if (key === 'completion') continue;
      const words = key.split('.');
      for (const option of command.options) {
        // Taken off the command line before parsing (args/secret-args.ts).
        if (option.name === 'api-key-stdin' || option.name === 'password-stdin') continue;
        const message = refusal([
          ...words,
          ...(key === 'import' ? ['a.bak'] : []),
          ...given(option),
        ]);
        expect(message ?? '', `${key} --${option.name}`).not.toMatch(/Unknown option|unknown/i);
      }
    }
    // The check can fail: an option the parser does not know is refused by name.
    expect(refusal(['export', '--no-such-option=1'])).toMatch(/Unknown option/);
    expect(refusal(['policy', 'show', '--no-such-option'])).toMatch(/Unknown option/);
    expect(refusal(['diagnostics', '--no-such-option=1'])).toMatch(/Unknown option/);
    expect(refusal(['audit', 'list', '--no-such-option'])).toMatch(/Unknown option/);
    expect(refusal(['monitor', 'serve', '--no-such-option'])).toMatch(/Unknown option/);
  });

  it('offers enumerations by name and booleans as true/false', () => {
    const option = (key: string, name: string) =>
      keyedCommands(model)
        .find((entry) => entry.key === key)
        ?.command.options.find((o) => o.name === name)?.value;
    expect(option('export', 'exportTo')).toEqual({
      kind: 'values',
      values: ['mdf', 'bak', 'dacpac'],
    });
    expect(option('databases.export', 'exportTo')).toEqual(option('export', 'exportTo'));
    expect(option('databases.list', 'adminAccess')).toEqual({
      kind: 'values',
      values: ['true', 'false'],
    });
    expect(option('databases.list', 'region')).toEqual({ kind: 'values', values: ['EU', 'US'] });
    expect(option('export', 'to')).toEqual({ kind: 'path' });
    expect(option('databases.list', 'instanceName')).toEqual({ kind: 'text' });
    expect(option('audit.list', 'outcome')).toEqual({
      kind: 'values',
      values: ['ok', 'failed', 'unknown'],
    });
    expect(option('audit.list', 'data-dir')).toEqual({ kind: 'path' });
    expect(option('audit.list', 'chain')).toBeUndefined();
  });
});

describe('the options of the operations', () => {
  const options = (key: string) =>
    keyedCommands(model).find((entry) => entry.key === key)?.command.options ?? [];
  const names = (key: string) => options(key).map((option) => option.name);

  it('offers the body fields as flags, with the names of an enumeration', () => {
    expect(names('databases.create')).toEqual(
      expect.arrayContaining(['databaseName', 'groupIds', 'groupNames']),
    );
    expect(options('logins.create').find((o) => o.name === 'role')?.value).toEqual({
      kind: 'values',
      values: ['Consumer', 'Contributor'],
    });
    expect(names('databases.pin')).toEqual(expect.arrayContaining(['pinned', 'no-pinned']));
    // A secret is never a flag: --password stays the sign-in option, as for every command.
    expect(names('logins.create').filter((name) => name === 'password')).toHaveLength(1);
  });

  it('offers --wait and --no-wait where a job starts, --yes where something is removed', () => {
    for (const op of catalogue) {
      const offered = names(op.id);
      expect(offered.includes('wait') && offered.includes('no-wait'), op.id).toBe(op.startsJob);
    }
    expect(names('databases.drop')).toContain('yes');
    expect(names('databases.rename')).not.toContain('yes');
  });
});

describe('databridge completion', () => {
  it('prints from the model the bundle carries, without the catalogue', async () => {
    const tiny = {
      groups: [{ name: 'jobs', commands: [{ name: 'get', summary: 's', options: [] }] }],
      commands: [],
      globalOptions: [],
    };
    vi.stubGlobal('DATABRIDGE_CLI_BUILD', {
      version: '1.0.0',
      node: '22.19',
      operations: [],
      completion: tiny,
    });
    const answer = await quickAnswer(['completion', 'bash']);
    expect(answer?.exitCode).toBe(0);
    expect(answer?.stdout).toContain('jobs) cmds=get ;;');
    expect(answer?.stdout).not.toContain('databases');
  });

  it('refuses a missing or unknown shell with exit code 2, and helps', async () => {
    expect(await quickAnswer(['completion'])).toMatchObject({ exitCode: 2 });
    expect(await quickAnswer(['completion', 'tcsh'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('(got "tcsh")') as unknown,
    });
    const help = await quickAnswer(['completion', '--help']);
    expect(help?.stdout).toContain('source <(databridge completion bash)');
    expect((await quickAnswer(['completion', 'PowerShell']))?.stdout).toContain(
      'Register-ArgumentCompleter',
    );
  });
});
