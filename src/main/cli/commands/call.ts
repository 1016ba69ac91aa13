import { jobIdFromLocation } from '../../../shared/contract/paths';
import type { Dispatcher } from 'undici';
import { createDispatcher } from '../../services/http/dispatcher';
import { cliNetworkOptions } from '../connection/network';
import { proxyPromptOf } from '../connection/proxy-credentials';
import type { RedactingLogger } from '../../services/log/logger';
import type { CliCommand } from '../args/operation-args';
import { listAnswer, type ListPlan } from './across-instances';
import type { CommandIo } from './command-io';
import { cliClient } from '../connection/connection';
import { codeOf, instanceNamesOf, unknownInstanceHint } from '../output/instance-hint';
import { EXIT, reportFailure } from '../output/exit-codes';
import { renderAnswer } from '../output/output-render';
import { policyInForce, type PolicyState } from '../../../shared/model/policy';
import { loadCliPolicy, policyProxy } from '../connection/policy-rules';
import { confirmOnTerminal, refuseUnconfirmed } from '../terminal/confirm';
import { confirmationOf, type Confirmation } from '../args/destructive';
import { startedJobId, waitForStartedJob } from './operation-wait';
import { DeadlinePause } from '../../services/http/deadline-pause';

/*
 * One catalogue operation sent to the service: the connection, the HTTP stack and the call.
 * The runner loads this module only for input that its schemas accepted, so that a command
 * line refused as invalid never pays for loading undici and the services.
 */

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/** What {@link callOperation} talks to. */
export interface CallIo extends CommandIo {
  /** The run's logger: --verbose writes it to stderr; it redacts every secret it learns. */
  readonly logger: RedactingLogger;
  /** A list across the instances, or filtered (--all-instances, --status, --since, --blocking). */
  readonly list?: ListPlan;
}

/** Whether a destructive call is confirmed with --yes, asked about, or refused. */
function confirmationFor(command: RunCommand, input: Record<string, unknown>, io: CallIo) {
  const interactive = io.isTty === true && io.stdinIsTty === true && io.ask !== undefined;
  const yes = command.options.yes === true;
  return confirmationOf(command.operation, input, { yes, interactive });
}

/**
 * The run's dispatcher: its proxy (the organisation's locked one wins, a different --proxy is
 * refused), PAC file and proxy credentials (asked on the terminal when one is there).
 */
function runDispatcher(
  command: RunCommand,
  io: CallIo,
  policy: PolicyState,
  deadlinePause: DeadlinePause,
): Dispatcher {
  const proxy = policyProxy(policyInForce(policy), command.options.proxy);
  const options = { ...command.options, ...(proxy ? { proxy } : {}) };
  const { env, logger, secretStore } = io;
  const prompt = proxyPromptOf(io);
  return createDispatcher(
    cliNetworkOptions({ options, env, logger, secretStore, prompt, deadlinePause }),
  );
}

/** Sends the operation with `input` and prints its answer (see --output); the exit code. */
export async function callOperation(
  command: RunCommand,
  input: Record<string, unknown>,
  io: CallIo,
): Promise<number> {
  const { logger } = io;
  const failed = (error: unknown): number =>
    reportFailure(error, {
      stderr: io.stderr,
      redact: (text) => logger.redact(text),
      verbose: command.options.verbose === true,
    });
  const policy = await loadCliPolicy(io.env, io.stderr);
  // Shared by the proxy's prompt and the clients: typing a password does not use up --timeout.
  const deadlinePause = new DeadlinePause();
  let dispatcher: Dispatcher;
  try {
    dispatcher = runDispatcher(command, io, policy, deadlinePause);
  } catch (error) {
    return failed(error);
  }
  let dispose = (): void => undefined;
  let knownInstances: (() => Promise<string[]>) | undefined;
  const confirmation: Confirmation = confirmationFor(command, input, io);
  try {
    const connection = await cliClient(command, {
      env: io.env,
      dispatcher,
      logger,
      secretStore: io.secretStore,
      stderr: io.stderr,
      policy,
      deadlinePause,
      ...(io.fromStdin ? { fromStdin: io.fromStdin } : {}),
      // Refused without --yes after the policy and a read-only connection had their say,
      // before a secret is read or anything sent.
      afterRefusals: () => refuseUnconfirmed(confirmation),
    });
    dispose = () => connection.dispose();
    knownInstances = instanceNamesOf(connection.client);
    return await answerCall(command, input, connection, io, confirmation);
  } catch (error) {
    const code = failed(error);
    const instance = command.params['instanceName'];
    const hint =
      knownInstances && (await unknownInstanceHint(codeOf(error), instance, knownInstances));
    if (hint) io.stderr(logger.redact(hint));
    return code;
  } finally {
    dispose();
    await dispatcher.close();
  }
}

/**
 * Asks to confirm a destructive call on a terminal, sends it, then prints its answer, or with
 * --wait follows the job it started and prints that; answers the exit code.
 */
async function answerCall(
  command: RunCommand,
  input: Record<string, unknown>,
  connection: Awaited<ReturnType<typeof cliClient>>,
  io: CallIo,
  confirmation: Confirmation,
): Promise<number> {
  const { client, connection: made, audit } = connection;
  const redact = (text: string): string => io.logger.redact(text);
  if (io.ask) await confirmOnTerminal(command.operation, input, confirmation, client, io.ask);
  const listed = io.list
    ? await listAnswer(io.list, input, client, { stderr: io.stderr, redact })
    : undefined;
  const answer = listed?.answer ?? (await client.callWithHeaders(command.operation.id, input));
  if (command.options.wait === true) {
    const jobId = startedJobId(answer);
    const instanceName = command.params['instanceName'];
    if (jobId && instanceName && made && audit) {
      return waitForStartedJob({ instanceName, jobId }, { connection: made, audit }, io);
    }
    io.stderr('The service answered without a job: there is nothing to follow.\n');
  }
  const rendered = renderAnswer(present(command, answer), io.output);
  io.stdout(rendered.stdout);
  if (rendered.stderr !== undefined) io.stderr(rendered.stderr);
  return listed?.complete === false ? EXIT.failed : EXIT.ok;
}

/** What to print: the data, with response headers that carry meaning (move's job). */
function present(
  command: RunCommand,
  answer: { status: number; headers: Record<string, string>; data: unknown },
): unknown {
  if (command.options.headers) return answer;
  const named = command.operation.responseHeaders;
  // An empty answer (a drop, a pin) says what was done rather than `null`.
  if (named.length === 0)
    return isEmptyAnswer(answer.data) ? doneRecord(command, answer) : answer.data;
  const extra: Record<string, unknown> = {};
  for (const name of named) extra[name.toLowerCase()] = answer.headers[name.toLowerCase()];
  const location = answer.headers['location'];
  if (location) extra['jobId'] = jobIdFromLocation(location);
  return { ...(answer.data as object), ...extra };
}

function isEmptyAnswer(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** What an operation that answered nothing did: its id, target and the service's status. */
function doneRecord(
  command: RunCommand,
  answer: { status: number },
): { done: string; status: number } & Record<string, unknown> {
  const target = Object.fromEntries(
    Object.keys(command.operation.pathParams.shape).map((name) => [name, command.params[name]]),
  );
  return { done: command.operation.id, ...target, status: answer.status };
}
