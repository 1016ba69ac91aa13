import type { z } from 'zod';
import type { OperationDef } from '../../../shared/contract/operation';
import {
  CONNECTION_OPTIONS_TABLE,
  LIST_OPTIONS_TABLE,
  OPERATION_OPTIONS_TABLE,
  OUTPUT_OPTIONS_TABLE,
  TOP_OPTIONS_TABLE,
} from '../args/global-options';
import { completionOptionsOf, pickOptions } from '../args/option-spec';
import { AUDIT_OPTIONS } from '../args/audit-args';
import { flaggedFields } from '../args/body-fields';
import { isDestructive } from '../args/destructive';
import { DIAGNOSTICS_OPTIONS } from '../args/diagnostics-args';
import { enumerationOf } from '../args/enum-args';
import { listOptionNamesOf, listOptionsOf } from '../args/list-args';
import { POLICY_OPTIONS } from '../args/policy-args';
import {
  TRANSFER_SPECS,
  transferOptionTable,
  type TransferCommandName,
} from '../args/transfer-words';
import { SERVE_OPTIONS } from '../monitor-serve/serve-options';
import {
  COMPLETION_SHELLS,
  type CompletionCommand,
  type CompletionGroup,
  type CompletionModel,
  type CompletionOption,
  type CompletionValue,
} from './completion-model';
import { schemaValues } from './schema-values';

/*
 * The completion model from the catalogue, with the options the CLI's parsers take
 * (args/operation-args.ts for operations, args/transfer-args.ts for the transfer commands). Run when the
 * bundle is built, and from source when `databridge completion` runs unbundled.
 */

const TEXT: CompletionValue = { kind: 'text' };
const PATH: CompletionValue = { kind: 'path' };

/** The options every command that talks to the service takes, and how its answer prints. */
function connectionOptions(): CompletionOption[] {
  return completionOptionsOf({ ...CONNECTION_OPTIONS_TABLE, ...OUTPUT_OPTIONS_TABLE });
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
 * The body fields as flags (args/body-fields.ts): a boolean as `--NAME` and `--no-NAME`, an
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

/** The list options an operation takes (args/list-args.ts reads them from its records). */
function listOptions(op: OperationDef): CompletionOption[] {
  const names = listOptionNamesOf(op).filter((name) => name !== 'status');
  const options = completionOptionsOf(pickOptions(LIST_OPTIONS_TABLE, names));
  // `--status` offers the statuses the operation's records have.
  const values = listOptionsOf(op).status;
  return values ? [...options, { name: 'status', value: { kind: 'values', values } }] : options;
}

/** What an operation is given besides its parameters: its body, its output, `--help`. */
function runOptions(op: OperationDef): CompletionOption[] {
  const { body, 'body-file': bodyFile, headers } = OPERATION_OPTIONS_TABLE;
  return completionOptionsOf({
    ...(op.body?.contentType === 'json' ? { body } : {}),
    ...(op.body?.contentType === 'bytes' ? { 'body-file': bodyFile } : {}),
    headers,
    help: TOP_OPTIONS_TABLE.help,
  });
}

function operationCommand(op: OperationDef): CompletionCommand {
  return {
    name: op.id.slice(op.id.indexOf('.') + 1),
    summary: op.summary,
    options: [
      ...shapeOptions(op.pathParams),
      ...shapeOptions(op.query),
      ...shapeOptions(op.headers),
      ...bodyFlagOptions(op),
      ...operationFlags(op),
      ...listOptions(op),
      ...runOptions(op),
      ...connectionOptions(),
    ],
  };
}

/** A transfer command and its options, from the option table (args/transfer-words.ts). */
function transfer(name: TransferCommandName, argument?: CompletionValue): CompletionCommand {
  return {
    name: TRANSFER_SPECS[name].words.at(-1) ?? name,
    summary: TRANSFER_SPECS[name].summary,
    options: [
      ...completionOptionsOf(transferOptionTable(name)),
      ...completionOptionsOf(OUTPUT_OPTIONS_TABLE),
    ],
    ...(argument ? { argument } : {}),
  };
}

/** The transfer commands: `import` and `export` on top, the others in their groups. */
function transferCommands(): { top: CompletionCommand[]; grouped: Map<string, CompletionCommand> } {
  const top = [
    transfer('import', PATH),
    transfer('export'),
    {
      name: 'completion',
      summary: 'Print the shell completion script',
      options: [],
      argument: { kind: 'values', values: [...COMPLETION_SHELLS] } as const,
    },
  ];
  const grouped = new Map<string, CompletionCommand>([
    ['archives', transfer('archivesDownload')],
    ['jobs', transfer('jobsWait')],
  ]);
  return { top, grouped };
}

/** `diagnostics` and its options, from the table args/diagnostics-args.ts parses with. */
const DIAGNOSTICS_COMMAND: CompletionCommand = {
  name: 'diagnostics',
  summary: 'Write a diagnostics bundle (a zip for support, without secrets)',
  options: completionOptionsOf(DIAGNOSTICS_OPTIONS),
};

/** The commands of their own that sit in a group, each with its option table. */
function ownGroups(): [string, CompletionCommand][] {
  return [
    [
      'policy',
      {
        name: 'show',
        summary: "Print the organisation's machine policy",
        options: completionOptionsOf(POLICY_OPTIONS),
      },
    ],
    [
      'audit',
      {
        name: 'list',
        summary: 'List the user actions of the audit trail, each with its calls',
        options: completionOptionsOf({ ...AUDIT_OPTIONS, ...OUTPUT_OPTIONS_TABLE }),
      },
    ],
    [
      'monitor',
      {
        name: 'serve',
        summary: "Serve the monitor's samples to a team's Prometheus",
        options: completionOptionsOf(SERVE_OPTIONS),
      },
    ],
  ];
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
  for (const [group, command] of ownGroups()) groups.set(group, [command]);
  const list: CompletionGroup[] = [...groups].map(([name, commands]) => ({ name, commands }));
  return {
    groups: list,
    commands: [...top, DIAGNOSTICS_COMMAND],
    globalOptions: [{ name: 'help' }, { name: 'version' }],
  };
}
