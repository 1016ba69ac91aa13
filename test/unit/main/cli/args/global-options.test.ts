import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import {
  CONNECTION_OPTIONS_TABLE,
  GLOBAL_OPTIONS,
  LIST_OPTIONS_TABLE,
  OPERATION_OPTIONS_TABLE,
  OUTPUT_OPTIONS_TABLE,
} from '../../../../../src/main/cli/args/global-options';
import {
  optionUsage,
  optionsHelp,
  pickOptions,
  type OptionSpec,
  type OptionTable,
} from '../../../../../src/main/cli/args/option-spec';
import { TRANSFER_OPTIONS } from '../../../../../src/main/cli/args/transfer-options';
import { UsageError, parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import {
  AUDIT_HELP,
  AUDIT_OPTIONS,
  parseAuditArgs,
} from '../../../../../src/main/cli/args/audit-args';
import {
  DIAGNOSTICS_HELP,
  DIAGNOSTICS_OPTIONS,
  parseDiagnosticsArgs,
} from '../../../../../src/main/cli/args/diagnostics-args';
import { transferHelp } from '../../../../../src/main/cli/help/command-help';
import { takeListArgs } from '../../../../../src/main/cli/args/list-args';
import {
  POLICY_HELP,
  POLICY_OPTIONS,
  parsePolicyArgs,
} from '../../../../../src/main/cli/args/policy-args';
import { parseTransferArgs } from '../../../../../src/main/cli/args/transfer-args';
import {
  TRANSFER_SPECS,
  type TransferCommandName,
} from '../../../../../src/main/cli/args/transfer-words';
import { usageHelp } from '../../../../../src/main/cli/help/usage';
import { completionModelOf } from '../../../../../src/main/cli/completion/completion-catalogue';
import { keyedCommands } from '../../../../../src/main/cli/completion/completion-model';
import { bashCompletion } from '../../../../../src/main/cli/completion/bash';
import { SERVE_HELP } from '../../../../../src/main/cli/monitor-serve/serve-help';
import { SERVE_OPTIONS } from '../../../../../src/main/cli/monitor-serve/serve-options';
import { takeOutputArgs } from '../../../../../src/main/cli/output/output-args';

/*
 * Every option is one entry of a table, and from it the command line parses it, the help
 * documents it and completion offers it: for each entry of each table, the three are checked
 * here, so an option added to a table that one of them misses fails this test.
 */

const model = completionModelOf(catalogue);
const bash = bashCompletion(model);

/** The command line that gives `name` as the table declares it. */
function given(name: string, spec: OptionSpec): string[] {
  if (spec.type === 'boolean') return [`--${name}`];
  const value = Array.isArray(spec.complete) ? String(spec.complete[0]) : '1';
  return [`--${name}`, value];
}

/** The options completion offers for the command `key` (`databases.list`, `import`). */
function offered(key: string): string[] {
  const entry = keyedCommands(model).find((command) => command.key === key);
  return entry?.command.options.map((option) => option.name) ?? [];
}

/** The message a parser refuses `argv` with; undefined when it took it. */
function refusal(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
}

/** Each table, the commands completion lists it under, its help and how its parser is run. */
interface Case {
  readonly table: OptionTable;
  readonly keys: readonly string[];
  readonly help: string;
  readonly parse: (argv: string[]) => unknown;
}

const help = usageHelp([{ id: 'instances.list', group: 'instances', summary: 'List' }]);
/** A catalogue operation's command line after the passes that take options off first. */
const operation = (words: string[]) => (argv: string[]) => {
  const { argv: rest } = takeOutputArgs([...words, ...argv]);
  return parseCliArgs(takeListArgs(rest).argv);
};

const transferCase = (name: TransferCommandName, argument: string[] = []): Case => ({
  table: Object.fromEntries(
    TRANSFER_SPECS[name].options.map((option) => [option, TRANSFER_OPTIONS[option]]),
  ),
  keys: [TRANSFER_SPECS[name].words.join('.')],
  help: transferHelp(name),
  parse: (argv) => parseTransferArgs(name, [...TRANSFER_SPECS[name].words, ...argv, ...argument]),
});

const CASES: Readonly<Record<string, Case>> = {
  connection: {
    table: CONNECTION_OPTIONS_TABLE,
    keys: ['databases.list', 'databases.create', 'import', 'export'],
    help,
    parse: operation(['databases', 'list']),
  },
  output: {
    table: OUTPUT_OPTIONS_TABLE,
    keys: ['databases.list', 'jobs.wait', 'audit.list'],
    help,
    parse: operation(['databases', 'list']),
  },
  list: {
    // The filters a job's records have; a session's have no time but a blocking chain.
    table: pickOptions(LIST_OPTIONS_TABLE, ['all-instances', 'status', 'since']),
    keys: ['jobs.listByInstance'],
    help,
    parse: operation(['jobs', 'list']),
  },
  blocking: {
    table: pickOptions(LIST_OPTIONS_TABLE, ['all-instances', 'blocking']),
    keys: ['sessions.list'],
    help,
    parse: operation(['sessions', 'list']),
  },
  operation: {
    // Each where it applies: a job, a removal, a JSON body, an upload part.
    table: OPERATION_OPTIONS_TABLE,
    keys: [],
    help,
    parse: () => undefined,
  },
  import: transferCase('import', ['a.bak']),
  export: transferCase('export'),
  archivesDownload: transferCase('archivesDownload'),
  jobsWait: transferCase('jobsWait'),
  diagnostics: {
    table: DIAGNOSTICS_OPTIONS,
    keys: ['diagnostics'],
    help: DIAGNOSTICS_HELP,
    parse: (argv) => parseDiagnosticsArgs(['diagnostics', ...argv]),
  },
  audit: {
    table: AUDIT_OPTIONS,
    keys: ['audit.list'],
    help: AUDIT_HELP,
    parse: (argv) => parseAuditArgs(['audit', 'list', ...argv]),
  },
  policy: {
    table: POLICY_OPTIONS,
    keys: ['policy.show'],
    help: POLICY_HELP,
    parse: (argv) => parsePolicyArgs(['policy', 'show', ...argv]),
  },
  serve: {
    table: SERVE_OPTIONS,
    keys: ['monitor.serve'],
    help: SERVE_HELP,
    parse: () => undefined,
  },
};

describe.each(Object.entries(CASES))('the %s options', (_, { table, keys, help, parse }) => {
  it.each(Object.entries(table))('--%s parses, is documented and completes', (name, spec) => {
    if (name !== 'help') expect(help).toContain(optionUsage(name, spec));
    for (const key of keys) expect(offered(key), key).toContain(name);
    expect(bash).toContain(`--${name}`);
    const message = refusal(() => parse(given(name, spec)));
    expect(message ?? '', `--${name}`).not.toMatch(/Unknown option|unknown/i);
  });
});

describe('the options of an operation', () => {
  const argv = (words: string[], name: keyof typeof OPERATION_OPTIONS_TABLE) => [
    ...words,
    ...given(name, OPERATION_OPTIONS_TABLE[name]),
  ];

  it('each parse and complete where they apply', () => {
    const where: Record<keyof typeof OPERATION_OPTIONS_TABLE, string[]> = {
      body: ['databases', 'create'],
      'body-file': ['uploads', 'putPart'],
      wait: ['databases', 'shrink'],
      'no-wait': ['databases', 'shrink'],
      yes: ['databases', 'drop'],
      headers: ['instances', 'list'],
    };
    for (const [name, words] of Object.entries(where) as [keyof typeof where, string[]][]) {
      expect(offered(words.join('.')), name).toContain(name);
      const command = parseCliArgs(argv(words, name));
      expect(command.kind === 'run' && name in command.options, name).toBe(true);
    }
  });
});

describe('the option table', () => {
  it('gives every option of an operation one meaning: no two tables declare the same name', () => {
    const tables = [
      CONNECTION_OPTIONS_TABLE,
      OPERATION_OPTIONS_TABLE,
      LIST_OPTIONS_TABLE,
      OUTPUT_OPTIONS_TABLE,
    ];
    const names = tables.flatMap((table) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(GLOBAL_OPTIONS)).toEqual(expect.arrayContaining(names));
  });

  it('writes its help lined up, an option too long for its column on a line of its own', () => {
    const text = optionsHelp({
      a: { type: 'boolean', help: 'first\nsecond' },
      'a-very-long-option-name': { type: 'string', value: 'VALUE', help: 'what it does' },
    });
    expect(text.split('\n')).toEqual([
      `  --a${' '.repeat(22)}first`,
      `${' '.repeat(27)}second`,
      '  --a-very-long-option-name VALUE',
      `${' '.repeat(27)}what it does`,
    ]);
  });

  it('refuses an option that no table has, so the checks above can fail', () => {
    expect(refusal(() => operation(['databases', 'list'])(['--no-such-option', '1']))).toMatch(
      /Unknown option/,
    );
    expect(refusal(() => parsePolicyArgs(['policy', 'show', '--csv']))).toMatch(/Unknown option/);
    expect(help).not.toContain('--no-such-option');
  });
});
