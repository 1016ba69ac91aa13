import { RedactingLogger, consoleSink } from '../../services/log/logger';
import type { SecretStore } from '../../services/secrets/secret-store';
import { UsageError } from '../args/operation-args';
import { EXIT, reportFailure } from '../output/exit-codes';
import { parseServeArgs } from './serve-args';
import { SERVE_HELP } from './serve-help';
import { startServe } from './serve-monitor';
import { runRelaunched, serveRelaunchArgs, watchServeParent } from './serve-relaunch';

/** What `monitor serve` talks to. */
export interface ServeIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secretStore: () => SecretStore;
  /** Aborted when the process is asked to stop; default SIGTERM and SIGINT. */
  readonly stop?: AbortSignal;
}

/**
 * SIGTERM (a service manager) and SIGINT (Ctrl+C) ask the server to stop cleanly, as does the
 * end of the process that started it (see serve-relaunch.ts).
 */
function processStop(env: ServeIo['env']): AbortSignal {
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => stop.abort(signal);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  watchServeParent(env, () => stop.abort('the process that started it ended'));
  return stop.signal;
}

/**
 * `databridge monitor serve`: runs in the foreground until it is asked to stop, logging one
 * JSON line per event on stderr; then closes the server, stops sampling and leaves the history
 * whole, and exits 0.
 */
export async function runMonitorServe(argv: readonly string[], io: ServeIo): Promise<number> {
  let settings: Awaited<ReturnType<typeof parseServeArgs>>;
  try {
    settings = await parseServeArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`usage: ${error.message}\n`);
    return EXIT.usage;
  }
  if (settings === 'help') {
    io.stdout(SERVE_HELP + '\n');
    return EXIT.ok;
  }
  if (!io.stop) {
    // The process's own command (not a test's): the server runs with a small young generation.
    const facts = { platform: process.platform, execArgv: process.execArgv, env: io.env };
    const relaunch = serveRelaunchArgs({ ...facts, script: process.argv[1] ?? '' }, argv);
    if (relaunch) return runRelaunched(relaunch, io.env);
  }
  const logger = new RedactingLogger({
    sink: consoleSink(),
    level: settings.verbose ? 'debug' : 'info',
  });
  const stop = io.stop ?? processStop(io.env);
  let running: Awaited<ReturnType<typeof startServe>>;
  try {
    running = await startServe(settings, { env: io.env, logger, secretStore: io.secretStore });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`usage: ${logger.redact(error.message)}\n`);
      return EXIT.usage;
    }
    return reportFailure(error, {
      stderr: io.stderr,
      redact: (text) => logger.redact(text),
      verbose: settings.verbose,
    });
  }
  if (!stop.aborted)
    await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  logger.info('monitor serve: stopping', { signal: String(stop.reason) });
  await running.close();
  logger.info('monitor serve: stopped; history written');
  return EXIT.ok;
}
