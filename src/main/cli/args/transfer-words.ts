import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { catalogue, type OperationId } from '../../../shared/contract/catalogue';
import { parameterNames } from './operation-args';
import { GLOBAL_OPTIONS, TOP_OPTIONS_TABLE } from './global-options';
import { parseConfigOf, pickOptions, type OptionTable } from './option-spec';
import {
  TRANSFER_CONNECTION_OPTIONS,
  TRANSFER_OPTIONS,
  type TransferOption,
} from './transfer-options';

/*
 * The words and options of the transfer commands (`import FILE`, `export`, `archives
 * download`, `jobs wait`), apart from their checks (args/transfer-args.ts): every command line
 * is told apart with these, and the checks, with the app's settings behind them, are loaded
 * only for a transfer.
 */

/** The transfer commands, the words that name them and the options each takes. */
export const TRANSFER_SPECS = {
  import: {
    words: ['import'],
    summary: 'Upload a .bak, .mdf or .dacpac file, then start the import job',
    options: [
      'instanceName',
      'databaseName',
      'groupIds',
      'wait',
      'parts-in-flight',
      'no-clone',
      'bandwidth',
      'min-speed',
      'json',
    ],
    operation: 'databases.import',
  },
  export: {
    words: ['export'],
    summary: 'Run the export job, then download every file into a folder',
    options: [
      'instanceName',
      'databaseName',
      'exportTo',
      'detachOnly',
      'to',
      'connections',
      'wait',
      'bandwidth',
      'min-speed',
      'json',
    ],
    operation: 'databases.export',
  },
  archivesDownload: {
    words: ['archives', 'download'],
    summary: 'Download every file of an archive into a folder',
    options: ['instanceName', 'archiveId', 'to', 'connections', 'bandwidth', 'min-speed', 'json'],
    operation: 'archives.get',
  },
  jobsWait: {
    words: ['jobs', 'wait'],
    summary: 'Follow a job until it ends',
    options: ['instanceName', 'jobId', 'json'],
    operation: 'jobs.getByInstance',
  },
} as const satisfies Record<
  string,
  { words: string[]; summary: string; options: TransferOption[]; operation: OperationId }
>;

/** The name of a transfer command. */
export type TransferCommandName = keyof typeof TRANSFER_SPECS;

/** A transfer command's options: its own, then the connection options, then `--help`. */
export function transferOptionTable(name: TransferCommandName): OptionTable {
  return {
    ...pickOptions(TRANSFER_OPTIONS, TRANSFER_SPECS[name].options),
    ...TRANSFER_CONNECTION_OPTIONS,
    help: TOP_OPTIONS_TABLE.help,
  };
}

/**
 * The transfer command that `argv` names, if any (else it is a catalogue operation). Every
 * option known to take a value is told so, so that a value is never read as a command word.
 */
export function transferCommandName(argv: readonly string[]): TransferCommandName | undefined {
  const options: ParseArgsOptionsConfig = parseConfigOf({ ...GLOBAL_OPTIONS, ...TRANSFER_OPTIONS });
  for (const op of catalogue) {
    const names = parameterNames(op);
    for (const name of [...names.path, ...names.query, ...names.headers]) {
      options[name] = { type: 'string' };
    }
  }
  const { positionals } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
  });
  const [first, second] = positionals.map((word) => word.toLowerCase());
  if (first === 'import' || first === 'export') return first;
  if (first === 'archives' && second === 'download') return 'archivesDownload';
  return first === 'jobs' && second === 'wait' ? 'jobsWait' : undefined;
}
