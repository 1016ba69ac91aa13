import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { jobIdFromLocation } from '../../shared/contract/paths';
import { createDispatcher } from '../services/http/dispatcher';
import { RedactingLogger, consoleSink } from '../services/log/logger';
import type { SecretStore } from '../services/secrets/secret-store';
import { UsageError, parameterNames, parseCliArgs, type CliCommand } from './cli-args';
import { cliClient } from './cli-connection';
import { EXIT, failureLine, failureOf } from './cli-exit-codes';
import { helpText, operationHelp } from './cli-help';
import { runTransferCli } from './cli-transfer-command';
import { transferCommandName } from './cli-transfer-args';

/** What the CLI talks to: streams, environment, and the keychain. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secretStore: () => SecretStore;
  /** stderr is a terminal: transfer progress is one line redrawn in place. */
  readonly isTty?: boolean;
  /** Traps Ctrl+C from now on; the signal fires on it (a transfer pauses in its journal). */
  readonly interrupts?: () => AbortSignal;
}

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/** Runs one command line; answers the exit code (see EXIT: 0 ok, 2 usage, ...). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const transfer = transferCommandName(argv);
  if (transfer) return runTransferCli(transfer, argv, io);
  let command: CliCommand;
  try {
    command = parseCliArgs(argv);
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
  return execute(command, io);
}

async function execute(command: RunCommand, io: CliIo): Promise<number> {
  const logger = new RedactingLogger({
    sink: command.options.verbose ? consoleSink() : () => undefined,
    level: 'debug',
  });
  const dispatcher = createDispatcher({
    env: io.env,
    logger,
    ...(command.options.proxy ? { proxyUrl: command.options.proxy } : {}),
  });
  let dispose = (): void => undefined;
  try {
    const input = await buildInput(command);
    const connection = await cliClient(command, {
      env: io.env,
      dispatcher,
      logger,
      secretStore: io.secretStore,
    });
    dispose = () => connection.dispose();
    const answer = await connection.client.callWithHeaders(command.operation.id, input);
    io.stdout(JSON.stringify(present(command, answer), null, 2) + '\n');
    return EXIT.ok;
  } catch (error) {
    const failure = failureOf(error);
    io.stderr(failureLine(failure, (text) => logger.redact(text)));
    if (command.options.verbose && failure.details)
      io.stderr(logger.redact(failure.details) + '\n');
    return failure.exitCode;
  } finally {
    dispose();
    await dispatcher.close();
  }
}

/** The operation's input from `--name value` parameters and `--body`/`--body-file`. */
async function buildInput(command: RunCommand): Promise<Record<string, unknown>> {
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
  if (options.body !== undefined) input['body'] = await jsonBody(options.body);
  if (options['body-file'] !== undefined) input['body'] = createReadStream(options['body-file']);
  return input;
}

async function jsonBody(text: string): Promise<unknown> {
  const source = text.startsWith('@') ? await readFile(text.slice(1), 'utf8') : text;
  try {
    return JSON.parse(source);
  } catch {
    // The body's text is not quoted back: it may hold a password (logins create).
    throw new UsageError('--body is not valid JSON.');
  }
}

/** What to print: the data, with response headers that carry meaning (move's job). */
function present(
  command: RunCommand,
  answer: { status: number; headers: Record<string, string>; data: unknown },
): unknown {
  if (command.options.headers) return answer;
  const named = command.operation.responseHeaders;
  if (named.length === 0) return answer.data ?? null;
  const extra: Record<string, unknown> = {};
  for (const name of named) extra[name.toLowerCase()] = answer.headers[name.toLowerCase()];
  const location = answer.headers['location'];
  if (location) extra['jobId'] = jobIdFromLocation(location);
  return { ...(answer.data as object), ...extra };
}
