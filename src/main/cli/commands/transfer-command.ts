import { createDispatcher, proxyResolverOf } from '../../services/http/dispatcher';
import { checkNetworkOptions } from '../args/network-args';
import { cliNetworkOptions } from '../connection/network';
import { proxyPromptOf } from '../connection/proxy-credentials';
import { RedactingLogger, consoleSink } from '../../services/log/logger';
import type { TransferDisk } from '../../services/transfers/transfer-disk';
import { UsageError } from '../args/operation-args';
import { createCliEngine, type CliEngine } from './engine';
import { EXIT, failureLine, failureOf } from '../output/exit-codes';
import { transferHelp } from '../help/command-help';
import { runJobsWait } from './jobs-wait';
import type { CommandIo } from './command-io';
import { instanceNamesOf, unknownInstanceHint } from '../output/instance-hint';
import { CliOutput } from '../output/transfer-output';
import { resumeCommandLine } from './transfer-resume-command';
import { parseTransferArgs, wantsHelp, type TransferCommand } from '../args/transfer-args';
import type { TransferCommandName } from '../args/transfer-words';
import { runArchivesDownloadCommand, runExportCommand, runImportCommand } from './transfers';
import { policyInForce, type Policy } from '../../../shared/model/policy';
import { loadCliPolicy, policyBandwidth, policyProxy } from '../connection/policy-rules';
import { DeadlinePause } from '../../services/http/deadline-pause';

/** What a transfer command talks to. */
export interface TransferCliIo extends CommandIo {
  /** Traps Ctrl+C from now on; the signal fires on it (a transfer pauses in its journal). */
  readonly interrupts?: () => AbortSignal;
  /** Where transfers write (tests: a disk that fills up); default the machine's. */
  readonly disk?: TransferDisk;
}

/** Runs `import`, `export`, `archives download` or `jobs wait`; answers the exit code. */
export async function runTransferCli(
  name: TransferCommandName,
  argv: readonly string[],
  io: TransferCliIo,
): Promise<number> {
  if (wantsHelp(argv)) {
    io.stdout(transferHelp(name) + '\n');
    return EXIT.ok;
  }
  let command: TransferCommand;
  const policy = await loadCliPolicy(io.env, io.stderr);
  try {
    command = withPolicy(parseTransferArgs(name, argv), policyInForce(policy));
    checkNetworkOptions(command.options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(failureLine(failureOf(error), (text) => text));
    return EXIT.usage;
  }
  const verbose = command.options.verbose === true;
  const logger = new RedactingLogger({
    sink: verbose ? consoleSink() : () => undefined,
    level: 'debug',
  });
  const out = outputOf(command, io, logger);
  const given = { options: command.options, env: io.env, logger, secretStore: io.secretStore };
  // Shared by the proxy's prompt and the clients: typing a password does not use up --timeout.
  const deadlinePause = new DeadlinePause();
  // One resolver for the dispatcher and the direct downloads: a PAC file is fetched once.
  const network = cliNetworkOptions({ ...given, prompt: proxyPromptOf(io), deadlinePause });
  const resolver = proxyResolverOf(network);
  const dispatcher = createDispatcher({ ...network, resolver });
  let engine: CliEngine | undefined;
  try {
    let code: number;
    try {
      engine = await createCliEngine(command, {
        env: io.env,
        dispatcher,
        resolver,
        logger,
        secretStore: io.secretStore,
        stderr: io.stderr,
        policy,
        deadlinePause,
        ...(io.fromStdin ? { fromStdin: io.fromStdin } : {}),
        ...(io.disk ? { disk: io.disk } : {}),
      });
      code = await run(command, engine, out, io.interrupts?.());
    } catch (error) {
      code = out.failure(failureOf(error), verbose);
    }
    const client = engine?.connection.client;
    if (client) await hintInstance(command, out, instanceNamesOf(client), io.stderr, logger);
    return code;
  } finally {
    await engine?.close();
    await dispatcher.close();
  }
}

/** The command with the proxy and the bandwidth limit the organisation locked (or refused). */
function withPolicy(command: TransferCommand, policy: Policy | undefined): TransferCommand {
  const proxy = policyProxy(policy, command.options.proxy);
  const options = { ...command.options, ...(proxy === undefined ? {} : { proxy }) };
  if (command.kind === 'jobsWait') return { ...command, options };
  const bandwidthMiBps = policyBandwidth(policy, command.bandwidthMiBps);
  return { ...command, options, ...(bandwidthMiBps === undefined ? {} : { bandwidthMiBps }) };
}

/** After a "not found" on an instance that does not exist: the closest known names. */
async function hintInstance(
  command: TransferCommand,
  out: CliOutput,
  listNames: () => Promise<string[]>,
  stderr: (text: string) => void,
  logger: RedactingLogger,
): Promise<void> {
  const hint = await unknownInstanceHint(out.failed?.code, command.instanceName, listNames);
  if (hint) stderr(logger.redact(hint));
}

/** Where the command prints: progress, then its result (--output, --query) or its error. */
function outputOf(command: TransferCommand, io: TransferCliIo, logger: RedactingLogger): CliOutput {
  const resume = resumeCommandLine(
    command,
    io.fromStdin,
    process.platform === 'win32' ? 'powershell' : 'posix',
  );
  return new CliOutput({
    stdout: io.stdout,
    stderr: io.stderr,
    isTty: io.isTty ?? false,
    json: command.json,
    redact: (text) => logger.redact(text),
    output: io.output,
    ...(resume === undefined ? {} : { resume }),
  });
}

function run(
  command: TransferCommand,
  engine: CliEngine,
  out: CliOutput,
  signal: AbortSignal | undefined,
): Promise<number> {
  switch (command.kind) {
    case 'import':
      return runImportCommand(command, engine, out, signal);
    case 'export':
      return runExportCommand(command, engine, out, signal);
    case 'archivesDownload':
      return runArchivesDownloadCommand(command, engine, out, signal);
    case 'jobsWait':
      return runJobsWait(command, engine, out, signal);
  }
}
