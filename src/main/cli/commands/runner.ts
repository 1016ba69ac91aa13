import { prepareRequest } from '../../services/http/request-parts';
import { RedactingLogger, consoleSink } from '../../services/log/logger';
import { UsageError, parseCliArgs, type CliCommand } from '../args/operation-args';
import { checkNetworkOptions } from '../args/network-args';
import { inputToCheck, planList, type ListPlan } from './across-instances';
import { isAuditCommand } from '../args/audit-args';
import { isPolicyCommand } from '../args/policy-args';
import { checkBody } from '../args/body-check';
import { isDiagnosticsCommand } from '../args/diagnostics-args';
import { EXIT, reportFailure } from '../output/exit-codes';
import { groupHelp, helpText, operationHelp } from '../help/command-help';
import { operationInput } from '../args/operation-input';
import { takeSecretArgs, type SecretInput } from '../args/secret-args';
import type { TransferCliIo } from './transfer-command';
import { takeListArgs, type ListArgs } from '../args/list-args';
import { transferCommandName } from '../args/transfer-words';
import { isMonitorServe } from '../monitor-serve/serve-words';
import {
  outputSettingsOf,
  takeOutputArgs,
  withTableOf,
  type OutputScreen,
  type OutputSettings,
} from '../output/output-args';

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
      const { runMonitorServe } = await import('../monitor-serve/serve-command');
      return await runMonitorServe(given.argv, { ...io, env: given.env });
    }
    if (isDiagnosticsCommand(given.argv)) {
      const { runDiagnosticsCli } = await import('./diagnostics');
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
    const { runTransferCli } = await import('./transfer-command');
    return await runTransferCli(transfer, argv, plain());
  }
  if (isPolicyCommand(argv)) {
    const { runPolicyCli } = await import('./policy');
    return await runPolicyCli(argv, plain());
  }
  if (isAuditCommand(argv)) {
    const { runAuditCli } = await import('./audit');
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
    input = await operationInput(command, io.stderr);
    plan = list && planList(command.operation, list, command.params['instanceName']);
    checkBody(command.operation, input);
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
  const { callOperation } = await import('./call');
  return callOperation(command, input, { ...io, logger, ...(plan ? { list: plan } : {}) });
}
