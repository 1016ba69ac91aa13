import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { catalogue, type OperationId } from '../../shared/contract/catalogue';
import { parameterNames } from './cli-args';
import { CONNECTION_OPTIONS, FLAG_OPTIONS, VALUE_OPTIONS } from './cli-options';

/*
 * The words and options of the transfer commands (`import FILE`, `export`, `archives
 * download`, `jobs wait`), apart from their checks (cli-transfer-args.ts): every command line
 * is told apart with these, and the checks, with the app's settings behind them, are loaded
 * only for a transfer.
 */

/** Connection and output options every transfer command takes. */
const COMMON_FLAGS = ['verbose', 'read-only', 'json', 'help'] as const;

/** The transfer commands and their own options. */
export const TRANSFER_SPECS = {
  import: {
    words: ['import'],
    values: [
      'instanceName',
      'databaseName',
      'groupIds',
      'parts-in-flight',
      'bandwidth',
      'min-speed',
    ],
    flags: ['wait', 'no-clone'],
    operation: 'databases.import',
  },
  export: {
    words: ['export'],
    values: [
      'instanceName',
      'databaseName',
      'exportTo',
      'to',
      'bandwidth',
      'min-speed',
      'connections',
    ],
    flags: ['detachOnly', 'wait'],
    operation: 'databases.export',
  },
  archivesDownload: {
    words: ['archives', 'download'],
    values: ['instanceName', 'archiveId', 'to', 'bandwidth', 'min-speed', 'connections'],
    flags: [],
    operation: 'archives.get',
  },
  jobsWait: {
    words: ['jobs', 'wait'],
    values: ['instanceName', 'jobId'],
    flags: [],
    operation: 'jobs.getByInstance',
  },
} as const satisfies Record<
  string,
  { words: string[]; values: string[]; flags: string[]; operation: OperationId }
>;

/** The name of a transfer command. */
export type TransferCommandName = keyof typeof TRANSFER_SPECS;

/** `parseArgs` options: the connection options, `values` and `flags` of a command. */
export function transferOptionsConfig(
  values: readonly string[],
  flags: readonly string[],
): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = {};
  for (const name of [...CONNECTION_OPTIONS, ...values]) config[name] = { type: 'string' };
  config['groupIds'] = { type: 'string', multiple: true };
  for (const name of [...COMMON_FLAGS, ...flags]) config[name] = { type: 'boolean' };
  return config;
}

/**
 * The transfer command that `argv` names, if any (else it is a catalogue operation). Every
 * option known to take a value is told so, so that a value is never read as a command word.
 */
export function transferCommandName(argv: readonly string[]): TransferCommandName | undefined {
  const every = Object.values(TRANSFER_SPECS);
  const values = new Set<string>([...VALUE_OPTIONS, ...every.flatMap((spec) => spec.values)]);
  for (const op of catalogue) {
    const names = parameterNames(op);
    for (const name of [...names.path, ...names.query, ...names.headers]) values.add(name);
  }
  const { positionals } = parseArgs({
    args: [...argv],
    options: transferOptionsConfig(
      [...values],
      [...FLAG_OPTIONS, ...every.flatMap((spec) => spec.flags)],
    ),
    allowPositionals: true,
    strict: false,
  });
  const [first, second] = positionals.map((word) => word.toLowerCase());
  if (first === 'import' || first === 'export') return first;
  if (first === 'archives' && second === 'download') return 'archivesDownload';
  return first === 'jobs' && second === 'wait' ? 'jobsWait' : undefined;
}
