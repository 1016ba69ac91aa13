import { catalogue, type Operation } from '../../../shared/contract/catalogue';
import { parameterNames } from '../args/operation-args';
import { enumerationArguments } from '../args/enum-args';
import { bodyHelp, confirmHelp, examplesHelp, jobHelp } from './operation-help';
import { schemaValues } from '../completion/schema-values';
import { LIST_OPTIONS_TABLE } from '../args/global-options';
import { listOptionNamesOf, type ListOptionName } from '../args/list-args';
import { ALIASES } from '../args/operation-args';
import { optionsHelp, pickOptions, type OptionTable } from '../args/option-spec';
import { TRANSFER_OPTIONS } from '../args/transfer-options';
import { TRANSFER_SPECS, type TransferCommandName } from '../args/transfer-words';
import { EXIT_CODES_HELP, summariesOf, usageHelp } from './usage';

const TRANSFER_OUTPUT = `Output:
  Progress goes to stderr: one line redrawn in place on a terminal (bytes, throughput, ETA,
  parts), a plain line every few seconds otherwise. --json prints instead one JSON line per
  progress tick on stdout ({"event":"progress"...}), then {"event":"result"...} or
  {"event":"error"...}. Without --json the result goes to stdout as -o/--output says:
  table, json, jsonl, tsv or csv (default: table on a terminal, json when piped), after
  --query EXPR (JMESPath) if given; "databridge --help" tells more.
  Pre-signed URLs and secrets are never printed.

Resume:
  Journals are kept in <data folder>/cli/transfers (--data-dir, default the app's data
  folder). Run the same command again after it was stopped (Ctrl+C, a lost network, a killed
  process): it resumes the unfinished transfer of the same connection, instance, database (or
  archive) and file or folder; an upload sends again at most the parts that were in flight, a
  download goes on from the bytes already in DIR. A transfer that failed starts anew.

Connection options as for every command (--profile, --base-url, --api-key-stdin, ...).`;

/** A transfer command's own options, from the option table. */
function ownOptionsHelp(name: TransferCommandName): string {
  const own = optionsHelp(pickOptions(TRANSFER_OPTIONS, TRANSFER_SPECS[name].options));
  return `Options:\n${own}`;
}

/** The parts of a help that are a command's own. */
interface MovingHelpParts {
  /** The command: its options are listed from the option table. */
  name: TransferCommandName;
  /** What follows `databridge ` on the usage line. */
  usage: string;
  /** What the command does. */
  about: string;
  /** One complete example, indented, to show under `Example:`. */
  example: string;
}

/**
 * The help of a command that moves bytes: its own parts, then the options, output, resume and
 * exit codes that all of them share.
 */
function movingHelp({ name, usage, about, example }: MovingHelpParts): string {
  const sections = [`Usage: databridge ${usage}`, about, ownOptionsHelp(name)];
  return [...sections, `Example:\n${example}`, TRANSFER_OUTPUT, EXIT_CODES_HELP].join('\n\n');
}

const TRANSFER_HELP: Record<TransferCommandName, string> = {
  import: movingHelp({
    name: 'import',
    usage: 'import FILE --instanceName I [options]',
    about: `Uploads FILE (.bak, .mdf or .dacpac, checked against its first bytes) as the app does: in
parts when it is large, in one stream otherwise; then starts the import job in
--instanceName, as --databaseName (default: the file name without extension).`,
    example: `  databridge import ./backups/Sales.bak --instanceName sql-eu-dev-01 \\
    --databaseName Sales_copy --wait --profile work`,
  }),
  export: movingHelp({
    name: 'export',
    usage: 'export --instanceName I --databaseName D --exportTo mdf|bak|dacpac --to DIR',
    about: `Starts the export job, follows it, then downloads every file it produced into DIR (created
if missing; existing files are never overwritten). The command always waits for the job:
the files come from it (--wait is accepted and changes nothing).`,
    example: `  databridge export --instanceName sql-eu-prod-01 --databaseName Finance_Ledger --exportTo bak \\
    --to ./exports --profile work`,
  }),
  archivesDownload: movingHelp({
    name: 'archivesDownload',
    usage: 'archives download --instanceName I --archiveId A --to DIR',
    about: `Downloads every file of an archive (as "archives get" lists them) into DIR, created if
missing; existing files are never overwritten (a taken name becomes "name (2).bak"). The
download links are pre-signed: they are read from the service on every run, never printed
or kept.`,
    example: `  databridge archives download --instanceName sql-eu-prod-01 --archiveId 7d1e... \\
    --to ./archives --bandwidth 20`,
  }),
  jobsWait: `Usage: databridge jobs wait --instanceName I --jobId J [--json | -o FORMAT]

Follows a job of the instance until it ends, printing its status and progress on stderr;
answers the job as -o/--output says (table, json, jsonl, tsv or csv; --query EXPR picks
from it), without its download URIs, which are pre-signed. Exit code 0 when it succeeded,
5 when it failed, 1 when the service no longer knows it.

${ownOptionsHelp('jobsWait')}

Example:
  databridge jobs wait --instanceName sql-eu-prod-01 --jobId 1f2e... --profile work

${EXIT_CODES_HELP}`,
};

/** The help of a transfer command. */
export function transferHelp(name: TransferCommandName): string {
  return TRANSFER_HELP[name];
}

/** The full help: usage and every operation of the catalogue with its summary. */
export function helpText(): string {
  return usageHelp(summariesOf(catalogue));
}

/** The transfer command that runs an operation and moves its files, by operation id. */
const TRANSFER_OF: Readonly<Record<string, string>> = {
  'databases.export': 'export',
  'databases.import': 'import',
  'archives.get': 'archives download',
};

/**
 * The help of a group: its operations with their summaries (and their other names), its
 * commands of its own, the list options its lists take, and the commands that move files.
 */
export function groupHelp(group: string, operations: readonly Operation[]): string {
  const alias = (op: Operation): string => {
    const other = Object.keys(ALIASES).find((name) => ALIASES[name] === op.id);
    return other ? ` (also: ${other.replace('.', ' ')})` : '';
  };
  const rows = operations.map((op) => [op.id.slice(group.length + 1), op.summary + alias(op)]);
  for (const spec of Object.values(TRANSFER_SPECS)) {
    const [first, second] = spec.words;
    if (first === group && second)
      rows.push([second, `${spec.summary} ("--help" for its options)`]);
  }
  const width = Math.max(...rows.map(([name = '']) => name.length));
  const lines = [`databridge ${group} OPERATION [--PARAMETER VALUE ...]`, ''];
  for (const [name = '', summary = ''] of rows) lines.push(`  ${name.padEnd(width)}  ${summary}`);
  const lists = groupListOptions(operations);
  if (Object.keys(lists).length) lines.push('', 'Options of its lists:', optionsHelp(lists));
  const moves = operations.flatMap((op) => {
    const transfer = TRANSFER_OF[op.id];
    return transfer ? [`  databridge ${transfer}`] : [];
  });
  if (moves.length) lines.push('', 'With the files moved too (resumable):', ...moves);
  const first = rows[0]?.[0] ?? '';
  lines.push(
    '',
    `One operation's parameters: databridge ${group} ${first} --help`,
    'Every operation takes the connection and output options too: databridge --help',
  );
  return lines.join('\n');
}

/** The list options (args/list-args.ts) that at least one of `operations` takes. */
function groupListOptions(operations: readonly Operation[]): OptionTable {
  const taken = new Set(operations.flatMap((op) => listOptionNamesOf(op)));
  const names = (Object.keys(LIST_OPTIONS_TABLE) as ListOptionName[]).filter((name) =>
    taken.has(name),
  );
  return pickOptions(LIST_OPTIONS_TABLE, names);
}

/**
 * Help of one operation: method, path, parameters (with the names an enumeration takes), the
 * body's fields as flags, how a job is followed or a removal confirmed, and examples.
 */
export function operationHelp(op: Operation): string {
  const names = parameterNames(op);
  const choices = enumerationArguments(op);
  const lines = [`${op.id}: ${op.summary}`, `  ${op.method} ${op.path}`, ''];
  const shape: Record<string, unknown> = {
    ...op.pathParams.shape,
    ...op.query?.shape,
    ...op.headers?.shape,
  };
  const shown = (n: string): string => {
    // By name for an enumeration; the closed list of any other (true|false).
    const values = choices[n]?.names ?? schemaValues(shape[n]);
    return values.length ? `--${n} ${values.join('|')}` : `--${n}`;
  };
  const list = (title: string, items: string[]): void => {
    if (items.length) lines.push(`  ${title}: ${items.map(shown).join(' ')}`);
  };
  list('path', names.path);
  list('query', names.query);
  list('headers', names.headers);
  lines.push(...bodyHelp(op));
  lines.push(`  roles: ${op.roles.join(', ')}`);
  lines.push(...jobHelp(op), ...confirmHelp(op));
  const transfer = TRANSFER_OF[op.id];
  if (transfer) {
    lines.push(`  with the files moved too (resumable): "databridge ${transfer} --help"`);
  }
  const examples = examplesHelp(op);
  if (examples.length) lines.push('', ...examples);
  return lines.join('\n');
}
