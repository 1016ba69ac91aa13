import type { z } from 'zod';
import { ExportToTypeSchema } from '../../../shared/contract/enums';
import type { OperationDef } from '../../../shared/contract/operation';
import { AUDIT_OPTIONS } from '../cli-audit-args';
import { flaggedFields } from '../cli-body-fields';
import { isDestructive } from '../cli-destructive';
import { enumerationOf } from '../cli-enum-args';
import { CONNECTION_OPTIONS, FLAG_OPTIONS, VALUE_OPTIONS } from '../cli-options';
import {
  COMPLETION_SHELLS,
  type CompletionCommand,
  type CompletionGroup,
  type CompletionModel,
  type CompletionOption,
  type CompletionValue,
} from './completion-model';
import { schemaValues } from './schema-values';
import { OUTPUT_FORMATS } from '../output/output-formats';

/*
 * The completion model from the catalogue, with the options the CLI's parsers take
 * (cli-args.ts for operations, cli-transfer-args.ts for the transfer commands). Run when the
 * bundle is built, and from source when `databridge completion` runs unbundled.
 */

const TEXT: CompletionValue = { kind: 'text' };
const PATH: CompletionValue = { kind: 'path' };

/** Connection options; `--region` is a closed list. */
function connectionOptions(): CompletionOption[] {
  const paths = new Set<string>(['data-dir']);
  return [
    ...CONNECTION_OPTIONS.map((name) => ({
      name,
      value:
        name === 'region'
          ? { kind: 'values' as const, values: ['EU', 'US'] }
          : paths.has(name)
            ? PATH
            : TEXT,
    })),
    // Taken out before parsing (cli-secret-args.ts): flags that read a secret from stdin.
    { name: 'api-key-stdin' },
    { name: 'password-stdin' },
    // Taken out before parsing too (output/output-args.ts): how the answer is printed.
    { name: 'output', value: { kind: 'values' as const, values: [...OUTPUT_FORMATS] } },
    { name: 'query', value: TEXT },
    { name: 'columns', value: TEXT },
  ];
}

/**
 * The values a parameter completes to: its enumeration by the names the CLI takes (codes sent
 * as numbers, such as `exportTo`, by name too), else any closed list of the schema (booleans).
 */
function parameterValue(schema: z.core.$ZodType): CompletionValue {
  const names = enumerationOf(schema)?.names ?? schemaValues(schema);
  return names.length > 0 ? { kind: 'values', values: [...names] } : TEXT;
}

function shapeOptions(schema: z.ZodObject | undefined): CompletionOption[] {
  if (schema === undefined) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    value: parameterValue(field as z.core.$ZodType),
  }));
}

/**
 * The body fields as flags (cli-body-fields.ts): a boolean as `--NAME` and `--no-NAME`, an
 * enumeration (or a list of one) with its names, anything else free text.
 */
function bodyFlagOptions(op: OperationDef): CompletionOption[] {
  return flaggedFields(op).flatMap((field): CompletionOption[] => {
    if (field.kind === 'boolean') return [{ name: field.name }, { name: `no-${field.name}` }];
    const names = field.enumeration?.names;
    return [{ name: field.name, value: names ? { kind: 'values', values: [...names] } : TEXT }];
  });
}

/** `--wait`/`--no-wait` of an operation that starts a job, `--yes` of one that removes. */
function operationFlags(op: OperationDef): CompletionOption[] {
  return [
    ...(op.startsJob ? [{ name: 'wait' }, { name: 'no-wait' }] : []),
    ...(isDestructive(op) ? [{ name: 'yes' }] : []),
  ];
}

function operationCommand(op: OperationDef): CompletionCommand {
  const runOptions = [...VALUE_OPTIONS, ...FLAG_OPTIONS].filter(
    (name) => !(CONNECTION_OPTIONS as readonly string[]).includes(name),
  );
  const bodyOptions = runOptions.filter(
    (name) =>
      (name !== 'body' || op.body?.contentType === 'json') &&
      (name !== 'body-file' || op.body?.contentType === 'bytes'),
  );
  return {
    name: op.id.slice(op.id.indexOf('.') + 1),
    summary: op.summary,
    options: [
      ...shapeOptions(op.pathParams),
      ...shapeOptions(op.query),
      ...shapeOptions(op.headers),
      ...bodyFlagOptions(op),
      ...operationFlags(op),
      ...bodyOptions.map((name) =>
        (VALUE_OPTIONS as readonly string[]).includes(name)
          ? { name, value: name === 'body-file' ? PATH : TEXT }
          : { name },
      ),
      ...connectionOptions(),
    ],
  };
}

/** Flags every transfer command takes (cli-transfer-args.ts). */
const TRANSFER_FLAGS = ['verbose', 'read-only', 'json', 'help'];

function transfer(
  name: string,
  summary: string,
  values: Record<string, CompletionValue>,
  flags: string[],
  argument?: CompletionValue,
): CompletionCommand {
  return {
    name,
    summary,
    options: [
      ...Object.entries(values).map(([option, value]) => ({ name: option, value })),
      ...[...flags, ...TRANSFER_FLAGS].map((flag) => ({ name: flag })),
      ...connectionOptions(),
    ],
    ...(argument ? { argument } : {}),
  };
}

/** The options of every command that moves bytes. */
const MOVING = { bandwidth: TEXT, 'min-speed': TEXT };
const EXPORT_TO = parameterValue(ExportToTypeSchema);

/**
 * The transfer commands and their options, as cli-transfer-args.ts parses them (a test parses
 * every option listed here with it, so the two cannot drift apart).
 */
function transferCommands(): { top: CompletionCommand[]; grouped: Map<string, CompletionCommand> } {
  const top = [
    transfer(
      'import',
      'Upload a .bak, .mdf or .dacpac file, then start the import job',
      {
        instanceName: TEXT,
        databaseName: TEXT,
        groupIds: TEXT,
        'parts-in-flight': TEXT,
        ...MOVING,
      },
      ['wait', 'no-clone'],
      PATH,
    ),
    transfer(
      'export',
      'Run the export job, then download every file into a folder',
      {
        instanceName: TEXT,
        databaseName: TEXT,
        exportTo: EXPORT_TO,
        to: PATH,
        ...MOVING,
        connections: TEXT,
      },
      ['detachOnly', 'wait'],
    ),
    {
      name: 'completion',
      summary: 'Print the shell completion script',
      options: [],
      argument: { kind: 'values', values: [...COMPLETION_SHELLS] } as const,
    },
  ];
  const grouped = new Map<string, CompletionCommand>([
    [
      'archives',
      transfer(
        'download',
        'Download every file of an archive into a folder',
        {
          instanceName: TEXT,
          archiveId: TEXT,
          to: PATH,
          ...MOVING,
          connections: TEXT,
        },
        [],
      ),
    ],
    [
      'jobs',
      transfer('wait', 'Follow a job until it ends', { instanceName: TEXT, jobId: TEXT }, []),
    ],
  ]);
  return { top, grouped };
}

/** `diagnostics` and its options, as cli-diagnostics-args.ts parses them. */
const DIAGNOSTICS_COMMAND: CompletionCommand = {
  name: 'diagnostics',
  summary: 'Write a diagnostics bundle (a zip for support, without secrets)',
  options: [
    { name: 'out', value: PATH },
    { name: 'force' },
    { name: 'data-dir', value: PATH },
    { name: 'proxy', value: TEXT },
    { name: 'check', value: TEXT },
    { name: 'lines', value: TEXT },
    { name: 'timeout', value: TEXT },
    { name: 'help' },
  ],
};

/** `audit list` and its options, from the option table cli-audit-args.ts parses with. */
function auditList(): CompletionCommand {
  const options = Object.entries(AUDIT_OPTIONS).map(([name, option]): CompletionOption => {
    if (option.type === 'boolean') return { name };
    if ('values' in option) return { name, value: { kind: 'values', values: [...option.values] } };
    return { name, value: 'path' in option ? PATH : TEXT };
  });
  return {
    name: 'list',
    summary: 'List the user actions of the audit trail, each with its calls',
    options: [
      ...options,
      { name: 'output', value: { kind: 'values', values: [...OUTPUT_FORMATS] } },
      { name: 'query', value: TEXT },
    ],
  };
}

/** The completion model of `operations` (the catalogue) and the transfer commands. */
export function completionModelOf(operations: readonly OperationDef[]): CompletionModel {
  const groups = new Map<string, CompletionCommand[]>();
  for (const op of operations) {
    groups.set(op.group, [...(groups.get(op.group) ?? []), operationCommand(op)]);
  }
  const { top, grouped } = transferCommands();
  for (const [group, command] of grouped) {
    groups.set(group, [...(groups.get(group) ?? []), command]);
  }
  groups.set('policy', [
    {
      name: 'show',
      summary: "Print the organisation's machine policy",
      options: [{ name: 'json' }],
    },
  ]);
  groups.set('audit', [auditList()]);
  const list: CompletionGroup[] = [...groups].map(([name, commands]) => ({ name, commands }));
  return {
    groups: list,
    commands: [...top, DIAGNOSTICS_COMMAND],
    globalOptions: [{ name: 'help' }, { name: 'version' }],
  };
}
