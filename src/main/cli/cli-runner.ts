import { createReadStream } from 'node:fs';
import { prepareRequest } from '../services/http/request-parts';
import { RedactingLogger, consoleSink } from '../services/log/logger';
import { UsageError, parameterNames, parseCliArgs, type CliCommand } from './cli-args';
import { checkNetworkOptions } from './cli-network-args';
import { inputToCheck, planList, type ListPlan } from './cli-across-instances';
import { isAuditCommand } from './cli-audit-args';
import { isPolicyCommand } from './cli-policy-words';
import { readBodyFile } from './cli-body-file';
import { isDiagnosticsCommand } from './cli-diagnostics-args';
import { namedInput } from './cli-enum-args';
import { EXIT, reportFailure } from './cli-exit-codes';
import { groupHelp, helpText, operationHelp } from './cli-help';
import {
  BODY_PASSWORD_WARNING,
  holdsPassword,
  takeSecretArgs,
  type SecretInput,
} from './cli-secret-args';
import type { TransferCliIo } from './cli-transfer-command';
import { takeListArgs, type ListArgs } from './cli-list-args';
import { transferCommandName } from './cli-transfer-words';
import { isMonitorServe } from './monitor-serve/serve-words';
import {
  outputSettingsOf,
  takeOutputArgs,
  withTableOf,
  type OutputScreen,
  type OutputSettings,
} from './output/output-args';

/*
 * The HTTP stack, the services and the transfer engine are imported when a command needs
 * them, not with this module: a command line that is refused (a usage error, invalid input)
 * or only asks for help answers without loading them.
 */

/**
 * What the CLI talks to: streams, environment, and the keychain. A command line may be a
 * transfer command, which gets all of it, so the two are one shape.
 */
export interface CliIo extends Omit<TransferCliIo, 'fromStdin'>, OutputScreen {
  /** Standard input, opened only for `--api-key-stdin` or `--password-stdin`. */
  readonly stdin?: () => SecretInput;
}

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/** What a run goes on with: its streams, and what the secret flags read (never the caller's). */
type RunIo = CliIo & Pick<TransferCliIo, 'fromStdin'>;

/** Runs one command line; answers the exit code (see EXIT: 0 ok, 2 usage, ...). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: CliCommand;
  let run: RunIo;
  let list: ListArgs | undefined;
  try {
    const given = await takeSecretArgs(argv, io);
    if (isMonitorServe(given.argv)) {
      const { runMonitorServe } = await import('./monitor-serve/serve-command');
      return await runMonitorServe(given.argv, { ...io, env: given.env });
    }
    if (isDiagnosticsCommand(given.argv)) {
      const { runDiagnosticsCli } = await import('./cli-diagnostics');
      return await runDiagnosticsCli(given.argv, { ...io, env: given.env });
    }
    const taken = takeOutputArgs(given.argv);
    const output = await outputSettingsOf(taken, io);
    const fromStdin = given.fromStdin ? { fromStdin: given.fromStdin } : {};
    run = { ...io, env: given.env, output, ...fromStdin };
    const other = await runOtherCommand(taken.argv, run, output);
    if (other !== undefined) return other;
    const listed = takeListArgs(taken.argv);
    list = listed.list;
    command = parseCliArgs(listed.argv);
    if (command.kind === 'run') {
      checkNetworkOptions(command.options);
      // A list of the service's records is printed with its resource's columns.
      run = { ...run, output: withTableOf(output, command.operation.id) };
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`usage: ${error.message}\n`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.stdout(helpText() + '\n');
    return EXIT.ok;
  }
  if (command.kind === 'operationHelp') {
    io.stdout(operationHelp(command.operation) + '\n');
    return EXIT.ok;
  }
  if (command.kind === 'groupHelp') {
    io.stdout(groupHelp(command.group, command.operations) + '\n');
    return EXIT.ok;
  }
  return execute(command, run, list);
}

/**
 * Runs a transfer, policy or audit command line; undefined for a catalogue operation. They
 * answer no list of the service's records, so `--columns` is refused for them.
 */
async function runOtherCommand(
  argv: string[],
  run: RunIo,
  output: OutputSettings,
): Promise<number | undefined> {
  const transfer = transferCommandName(argv);
  const plain = (): RunIo => ({ ...run, output: withTableOf(output, undefined) });
  if (transfer) {
    if (output.given && argv.includes('--json')) {
      throw new UsageError(
        '--json prints progress and the result as JSON lines of its own: leave out --output and --query, or --json.',
      );
    }
    const { runTransferCli } = await import('./cli-transfer-command');
    return await runTransferCli(transfer, argv, plain());
  }
  if (isPolicyCommand(argv)) {
    const { runPolicyCli } = await import('./cli-policy');
    return await runPolicyCli(argv, plain());
  }
  if (isAuditCommand(argv)) {
    const { runAuditCli } = await import('./cli-audit');
    return await runAuditCli(argv, plain());
  }
  return undefined;
}

async function execute(command: RunCommand, io: RunIo, list?: ListArgs): Promise<number> {
  const logger = new RedactingLogger({
    sink: command.options.verbose ? consoleSink() : () => undefined,
    level: 'debug',
  });
  let input: Record<string, unknown>;
  let plan: ListPlan | undefined;
  try {
    input = await buildInput(command, io.stderr);
    plan = list && planList(command.operation, list, command.params['instanceName']);
    // The operation's schemas refuse bad input here, before the connection and the HTTP
    // stack are loaded: nothing could be sent for it, and the client would refuse it the
    // same way (prepareRequest is what it runs first).
    prepareRequest(command.operation, plan ? inputToCheck(plan, input) : input);
  } catch (error) {
    return reportFailure(error, {
      stderr: io.stderr,
      redact: (text) => logger.redact(text),
      verbose: command.options.verbose === true,
    });
  }
  const { callOperation } = await import('./cli-call');
  return callOperation(command, input, { ...io, logger, ...(plan ? { list: plan } : {}) });
}

/** The operation's input from `--name value` parameters and `--body`/`--body-file`. */
async function buildInput(
  command: RunCommand,
  stderr: (text: string) => void,
): Promise<Record<string, unknown>> {
  const { operation, params, options } = command;
  const names = parameterNames(operation);
  const pick = (list: string[]): Record<string, string> =>
    Object.fromEntries(
      list.filter((n) => params[n] !== undefined).map((n) => [n, params[n] ?? '']),
    );
  const input: Record<string, unknown> = { pathParams: pick(names.path) };
  if (names.query.length) input['query'] = pick(names.query);
  if (names.headers.length) input['headers'] = pick(names.headers);
  if (options.body !== undefined && operation.body?.contentType !== 'json') {
    throw new UsageError(`${operation.id} takes no JSON body.`);
  }
  if (options['body-file'] !== undefined && operation.body?.contentType !== 'bytes') {
    throw new UsageError(`${operation.id} takes no file body.`);
  }
  if (options.body !== undefined) input['body'] = await jsonBody(options.body, stderr);
  if (options['body-file'] !== undefined) input['body'] = createReadStream(options['body-file']);
  return namedInput(operation, input);
}

async function jsonBody(text: string, stderr: (text: string) => void): Promise<unknown> {
  const inline = !text.startsWith('@');
  const source = inline ? text : await readBodyFile(text.slice(1));
  let body: unknown;
  try {
    body = JSON.parse(source);
  } catch {
    // The body's text is not quoted back: it may hold a password (logins create).
    throw new UsageError('--body is not valid JSON.');
  }
  if (inline && holdsPassword(body)) stderr(BODY_PASSWORD_WARNING);
  return body;
}
