import { jobIdFromLocation } from '../../shared/contract/paths';
import { createDispatcher } from '../services/http/dispatcher';
import type { RedactingLogger } from '../services/log/logger';
import type { SecretStore } from '../services/secrets/secret-store';
import type { CliCommand } from './cli-args';
import { cliClient } from './cli-connection';
import { EXIT, reportFailure } from './cli-exit-codes';

/*
 * One catalogue operation sent to the service: the connection, the HTTP stack and the call.
 * The runner loads this module only for input that its schemas accepted, so that a command
 * line refused as invalid never pays for loading undici and the services.
 */

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/** What {@link callOperation} talks to. */
export interface CallIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secretStore: () => SecretStore;
  /** The run's logger: --verbose writes it to stderr; it redacts every secret it learns. */
  readonly logger: RedactingLogger;
}

/** Sends the operation with `input` and prints its answer as JSON; answers the exit code. */
export async function callOperation(
  command: RunCommand,
  input: Record<string, unknown>,
  io: CallIo,
): Promise<number> {
  const { logger } = io;
  const dispatcher = createDispatcher({
    env: io.env,
    logger,
    ...(command.options.proxy ? { proxyUrl: command.options.proxy } : {}),
  });
  let dispose = (): void => undefined;
  try {
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
    return reportFailure(error, {
      stderr: io.stderr,
      redact: (text) => logger.redact(text),
      verbose: command.options.verbose === true,
    });
  } finally {
    dispose();
    await dispatcher.close();
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
