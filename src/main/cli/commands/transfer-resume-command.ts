import { resolve } from 'node:path';
import { fileExtensionByType } from '../../../shared/contract/enums';
import { quoteArgument, type ShellKind } from '../../../shared/cli/shell-quote';
import { CONNECTION_OPTIONS } from '../args/options';
import type { SecretEnvName } from '../args/secret-args';
import type { TransferCommand } from '../args/transfer-args';

/*
 * The command line that resumes a transfer stopped in the middle (Ctrl+C, a network that
 * stayed down, a full disk): the same command, which finds the transfer's journal by what
 * identifies it (commands/transfer-resume.ts: the connection, instance, database or archive, file
 * type and path), written out so that it works from any folder (paths absolute) and may be
 * pasted from a log. No secret is written: a key or password given on the command line is
 * asked for on standard input instead, as the secret flags take it.
 */

/** The options of the connection that are not secrets, in the order the line gives them. */
const CONNECTION = CONNECTION_OPTIONS.filter((name) => name !== 'api-key' && name !== 'password');

/** `url` without the password of its user part (a proxy's), which is never printed. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** The words that name the transfer, as its parser takes them. */
function transferWords(command: Exclude<TransferCommand, { kind: 'jobsWait' }>): string[] {
  const speed = [
    ...(command.bandwidthMiBps === undefined
      ? []
      : ['--bandwidth', String(command.bandwidthMiBps)]),
    ...(command.minSpeedKiBps === undefined ? [] : ['--min-speed', String(command.minSpeedKiBps)]),
  ];
  if (command.kind === 'import') {
    const { sourcePath, instanceName, databaseName, groupIds, partsInFlight } = command;
    return [
      ...['import', sourcePath, '--instanceName', instanceName, '--databaseName', databaseName],
      ...(groupIds && groupIds.length > 0 ? ['--groupIds', groupIds.join(',')] : []),
      ...(command.wait ? ['--wait'] : []),
      ...(partsInFlight === undefined ? [] : ['--parts-in-flight', String(partsInFlight)]),
      ...(command.cloneSources === false ? ['--no-clone'] : []),
      ...speed,
    ];
  }
  const connections =
    command.rangesInFlight === undefined ? [] : ['--connections', String(command.rangesInFlight)];
  const to = ['--to', command.destinationFolder, ...connections, ...speed];
  if (command.kind === 'archivesDownload') {
    const { instanceName, archiveId } = command;
    return [
      'archives',
      'download',
      '--instanceName',
      instanceName,
      '--archiveId',
      archiveId,
      ...to,
    ];
  }
  const { instanceName, databaseName, exportTo } = command;
  return [
    ...['export', '--instanceName', instanceName, '--databaseName', databaseName],
    ...['--exportTo', fileExtensionByType[exportTo]],
    ...(command.detachOnly ? ['--detachOnly'] : []),
    ...to,
  ];
}

/** The connection's words: its options (no secret), then how the secret is given again. */
function connectionWords(command: TransferCommand, fromStdin: SecretEnvName | undefined): string[] {
  const { options } = command;
  const words: string[] = [];
  for (const name of CONNECTION) {
    const value = options[name];
    if (value === undefined) continue;
    const shown =
      name === 'data-dir' ? resolve(value) : /proxy/.test(name) ? withoutPassword(value) : value;
    words.push(`--${name}`, shown);
  }
  if (options['read-only'] === true) words.push('--read-only');
  if (options.verbose === true) words.push('--verbose');
  const key = fromStdin === 'DATABRIDGE_API_KEY' || options['api-key'] !== undefined;
  const password = fromStdin === 'DATABRIDGE_PASSWORD' || options.password !== undefined;
  if (key) words.push('--api-key-stdin');
  if (password) words.push('--password-stdin');
  return words;
}

/**
 * The command line (after `databridge`, quoted for `shell`) that resumes the transfer of
 * `command`; undefined for `jobs wait`, which has no journal. `fromStdin` names the secret the
 * run read from standard input: the line reads it the same way.
 */
export function resumeCommandLine(
  command: TransferCommand,
  fromStdin: SecretEnvName | undefined,
  shell: ShellKind,
): string | undefined {
  if (command.kind === 'jobsWait') return undefined;
  const words = [
    ...transferWords(command),
    ...connectionWords(command, fromStdin),
    ...(command.json ? ['--json'] : []),
  ];
  return ['databridge', ...words.map((word) => quoteArgument(word, shell))].join(' ');
}
