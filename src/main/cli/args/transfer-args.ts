import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogue, type Operation, type OperationId } from '../../../shared/contract/catalogue';
import { ImportDatabaseNameSchema } from '../../../shared/contract/primitives';
import { ExportQuerySchema } from '../../../shared/contract/query';
import { ImportDatabaseRequestSchema } from '../../../shared/contract/records/databases';
import { UsageError } from './operation-args';
import { withNames } from './enum-args';
import { CONNECTION_OPTIONS, type RunOptions } from './options';
import {
  bandwidthOf,
  check,
  connectionsOf,
  folderOf,
  minSpeedOf,
  partsInFlight,
  text,
  type Values,
} from './transfer-values';
import { parseConfigOf } from './option-spec';
import { TRANSFER_SPECS, transferOptionTable, type TransferCommandName } from './transfer-words';

/*
 * The command lines of the transfer commands (`import FILE`, `export`, `archives download`,
 * `jobs wait`): they are not catalogue operations but run the app's transfer engine and job
 * watcher. Every value is checked here with the contract's schemas (and the engine's options
 * with the bounds of the app's settings), before a connection is even made.
 */

interface Common {
  /** The catalogue operation the command starts with (read-only checks, advice). */
  readonly operation: Operation;
  readonly options: RunOptions;
  /** One JSON line per progress tick and for the result. */
  readonly json: boolean;
}

/** What the commands that move bytes take besides. */
interface Moving extends Common {
  /** The bandwidth limit of the run in MiB/s (the app's `bandwidthLimitMiBps`); none if absent. */
  readonly bandwidthMiBps?: number;
  /** The throughput floor in KiB/s (the app's `minSpeedKiBps`; 0: off); the engine's if absent. */
  readonly minSpeedKiBps?: number;
}

/** What the commands that download take besides. */
interface Downloading extends Moving {
  /** Connections of one large download (`--connections`, the app's `rangesInFlight`). */
  readonly rangesInFlight?: number;
}

/** A parsed and validated transfer command. */
export type TransferCommand =
  | (Moving & {
      readonly kind: 'import';
      readonly sourcePath: string;
      readonly instanceName: string;
      readonly databaseName: string;
      readonly groupIds?: string[];
      readonly wait: boolean;
      readonly partsInFlight?: number;
      /** False with `--no-clone`: the upload reads the file, never a clone of it. */
      readonly cloneSources?: boolean;
    })
  | (Downloading & {
      readonly kind: 'export';
      readonly instanceName: string;
      readonly databaseName: string;
      readonly exportTo: 0 | 1 | 2;
      readonly detachOnly: boolean;
      readonly destinationFolder: string;
    })
  | (Downloading & {
      readonly kind: 'archivesDownload';
      readonly instanceName: string;
      readonly archiveId: string;
      readonly destinationFolder: string;
    })
  | (Common & { readonly kind: 'jobsWait'; readonly instanceName: string; readonly jobId: string });

/** True when the command line asks for the command's help. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** Parses and validates a transfer command line. Throws {@link UsageError}. */
export function parseTransferArgs(
  name: TransferCommandName,
  argv: readonly string[],
): TransferCommand {
  const spec = TRANSFER_SPECS[name];
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: parseConfigOf(transferOptionTable(name)),
      allowPositionals: true,
      strict: true,
    }) as { values: Values; positionals: string[] };
  } catch (error) {
    const own = spec.options.map((option) => `--${option}`).join(', ');
    const message = (error as Error).message.replace(/[.\s]+$/, '');
    throw new UsageError(`${message}. Options of ${spec.words.join(' ')}: ${own}.`);
  }
  const { values } = parsed;
  const words = parsed.positionals.slice(spec.words.length);
  const operation = operationOf(spec.operation);
  const common: Common = { operation, options: runOptions(values), json: values['json'] === true };
  if (name === 'import') return importCommand(common, values, words);
  if (words.length > 0) throw new UsageError(`Unexpected "${words.join(' ')}".`);
  if (name === 'export') return exportCommand(common, values);
  if (name === 'archivesDownload') return archivesDownloadCommand(common, values);
  const params = check(operation.pathParams, {
    instanceName: text(values, 'instanceName'),
    jobId: text(values, 'jobId'),
  }) as { instanceName: string; jobId: string };
  return { ...common, kind: 'jobsWait', ...params };
}

function importCommand(common: Common, values: Values, words: string[]): TransferCommand {
  const [file, ...extra] = words;
  if (file === undefined) throw new UsageError('Name the file to import: import FILE ...');
  if (extra.length > 0)
    throw new UsageError(`Import one file at a time; got "${words.join(' ')}".`);
  const given = text(values, 'databaseName');
  const databaseName = given ?? basename(file).replace(/\.[^.]*$/, '');
  const named = ImportDatabaseNameSchema.safeParse(databaseName);
  if (!named.success) {
    const why = named.error.issues[0]?.message ?? 'not a valid name';
    throw new UsageError(
      given === undefined
        ? `The file name does not make a database name ("${databaseName}": ${why}); give --databaseName.`
        : `--databaseName ${databaseName}: ${why}.`,
    );
  }
  const path = check(common.operation.pathParams, {
    instanceName: text(values, 'instanceName'),
    databaseName,
  }) as { instanceName: string; databaseName: string };
  const groups = (values['groupIds'] as string[] | undefined)
    ?.flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const body = check(ImportDatabaseRequestSchema, groups ? { groupIds: groups } : {});
  const inFlight = text(values, 'parts-in-flight');
  return {
    ...common,
    ...bandwidthOf(values),
    ...minSpeedOf(values),
    kind: 'import',
    sourcePath: resolve(file),
    ...path,
    ...(body.groupIds ? { groupIds: body.groupIds } : {}),
    wait: values['wait'] === true,
    ...(inFlight === undefined ? {} : { partsInFlight: partsInFlight(inFlight) }),
    ...(values['no-clone'] === true ? { cloneSources: false } : {}),
  };
}

function exportCommand(common: Common, values: Values): TransferCommand {
  const path = check(common.operation.pathParams, {
    instanceName: text(values, 'instanceName'),
    databaseName: text(values, 'databaseName'),
  }) as { instanceName: string; databaseName: string };
  const given = { exportTo: text(values, 'exportTo'), detachOnly: values['detachOnly'] === true };
  const query = check(
    ExportQuerySchema,
    withNames(ExportQuerySchema, given, (at) => `--${at}`),
  );
  const destinationFolder = folderOf(values, 'the exported files');
  return {
    ...common,
    ...bandwidthOf(values),
    ...minSpeedOf(values),
    ...connectionsOf(values),
    kind: 'export',
    ...path,
    ...query,
    destinationFolder,
  };
}

function archivesDownloadCommand(common: Common, values: Values): TransferCommand {
  const path = check(common.operation.pathParams, {
    instanceName: text(values, 'instanceName'),
    archiveId: text(values, 'archiveId'),
  }) as { instanceName: string; archiveId: string };
  const destinationFolder = folderOf(values, "the archive's files");
  return {
    ...common,
    ...bandwidthOf(values),
    ...minSpeedOf(values),
    ...connectionsOf(values),
    kind: 'archivesDownload',
    ...path,
    destinationFolder,
  };
}

function runOptions(values: Values): RunOptions {
  const options: RunOptions = {};
  for (const name of CONNECTION_OPTIONS) {
    const value = values[name];
    if (typeof value === 'string') options[name] = value;
  }
  for (const name of ['verbose', 'read-only'] as const) {
    if (values[name] === true) options[name] = true;
  }
  return options;
}

function operationOf(id: OperationId): Operation {
  const found = catalogue.find((op) => op.id === id);
  if (!found) throw new Error(`The catalogue has no ${id}`);
  return found;
}
