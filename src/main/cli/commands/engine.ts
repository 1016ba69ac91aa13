import { z } from 'zod';
import { cliFolder } from '../../services/config/app-paths';
import { AppError } from '../../../shared/errors';
import type { SignInState } from '../../../shared/model/session-state';
import type { Connection } from '../../services/connection/connection';
import { directRoute } from '../../services/http/direct-route';
import type { ProxyResolver } from '../../services/proxy/proxy-resolvers';
import { JobWatcher } from '../../services/jobs/job-watcher';
import type { TransferDisk } from '../../services/transfers/transfer-disk';
import type { TransferConnections } from '../../services/transfers/transfer-ports';
import {
  TransferService,
  type TransferServiceOptions,
} from '../../services/transfers/transfer-service';
import { UsageError } from '../args/operation-args';
import { cliClient, cliDataDir, type CliConnectionDeps } from '../connection/connection';
import { CliJobEndRecorder } from './job-audit';
import type { TransferCommand } from '../args/transfer-args';

/*
 * The app's transfer engine and job watcher, wired for one CLI run over one connection. The
 * journals live in `<data folder>/cli/transfers`: beside the app's, not among them, so the
 * app never resumes (and races) a transfer a CLI run owns, and the reverse.
 */

/** What the engine of a CLI run needs: what its connection needs, and a disk. */
export interface CliEngineDeps extends CliConnectionDeps {
  /** Where transfers write (tests: a disk that fills up); default the machine's. */
  readonly disk?: TransferDisk;
  /** The dispatcher's proxy resolver, which the direct downloads ask too. */
  readonly resolver?: ProxyResolver;
}

/** The engine of one CLI run. */
export interface CliEngine {
  readonly connection: Connection;
  readonly profileId: string;
  readonly watcher: JobWatcher;
  /** Records in the audit trail how the jobs the run follows end. */
  readonly jobEnds: CliJobEndRecorder;
  readonly service: TransferService;
  /** The CLI's folder in the data folder (journals, locks). */
  readonly folder: string;
  /**
   * Stops the engine (a running transfer is paused in its journal) and the watcher, once the
   * audit records of the jobs that ended are written.
   */
  close(): Promise<void>;
}

/**
 * Engine tuning for tests and trials against the emulator (its `--min-part-size`): JSON with
 * `partSize`, `minPartSize` and `singleStreamThreshold` in bytes. Users leave it unset.
 */
const TUNING_ENV = 'DATABRIDGE_TRANSFER_TUNING';

/** Bytes in a MiB: `--bandwidth` is in MiB/s, as the app's setting. */
const MIB = 1024 * 1024;
/** Bytes in a KiB: `--min-speed` is in KiB/s, as the app's setting. */
const KIB = 1024;

const TuningSchema = z.strictObject({
  partSize: z.number().int().positive().optional(),
  minPartSize: z.number().int().positive().optional(),
  singleStreamThreshold: z.number().int().positive().optional(),
});

function tuningOf(env: CliEngineDeps['env']): z.infer<typeof TuningSchema> {
  const text = env[TUNING_ENV];
  if (text === undefined || text === '') return {};
  try {
    return TuningSchema.parse(JSON.parse(text));
  } catch {
    throw new UsageError(
      `${TUNING_ENV} must be JSON such as {"partSize":262144,"minPartSize":262144,"singleStreamThreshold":1048576}; unset it to use the defaults.`,
    );
  }
}

/**
 * The one connection of the run, as the engine sees a ConnectionManager. Its state changes are
 * not passed on: the engine would resume, in this process, other journals of the same
 * connection that wait for a sign-in, and another run may own them.
 */
class CliConnections implements TransferConnections {
  constructor(
    readonly profileId: string,
    readonly connection: Connection,
  ) {}

  get(profileId: string): Connection {
    if (profileId !== this.profileId) {
      throw new AppError({ code: 'AUTH_REQUIRED', message: 'Not the connection of this run.' });
    }
    return this.connection;
  }

  state(profileId: string): SignInState {
    return profileId === this.profileId
      ? this.connection.auth.state
      : { profileId, status: 'signedOut', sessionOnly: false };
  }

  onDidChangeState(): () => void {
    return () => undefined;
  }
}

/**
 * The engine options the command line sets: parts in flight and no clone of the file
 * (import), connections per download (export, archives download), the bandwidth limit and the
 * minimum speed (over the default window); the engine's defaults otherwise (the app's
 * settings do not apply to the command line).
 */
export function runOptionsOf(
  command: TransferCommand,
): Pick<
  TransferServiceOptions,
  | 'partsInFlight'
  | 'rangesInFlight'
  | 'bandwidthLimitBytesPerSecond'
  | 'throughputFloor'
  | 'cloneSources'
> {
  if (command.kind === 'jobsWait') return {};
  const bandwidth = command.bandwidthMiBps;
  const minSpeed = command.minSpeedKiBps;
  return {
    ...(command.kind === 'import' && command.partsInFlight !== undefined
      ? { partsInFlight: command.partsInFlight }
      : {}),
    ...(command.kind === 'import' && command.cloneSources === false ? { cloneSources: false } : {}),
    ...(command.kind !== 'import' && command.rangesInFlight !== undefined
      ? { rangesInFlight: command.rangesInFlight }
      : {}),
    ...(bandwidth === undefined ? {} : { bandwidthLimitBytesPerSecond: bandwidth * MIB }),
    ...(minSpeed === undefined ? {} : { throughputFloor: { minBytesPerSecond: minSpeed * KIB } }),
  };
}

/** Connects as the command says and builds the engine; nothing is resumed yet. */
export async function createCliEngine(
  command: TransferCommand,
  deps: CliEngineDeps,
): Promise<CliEngine> {
  const tuning = tuningOf(deps.env);
  const made = await cliClient(
    { kind: 'run', operation: command.operation, options: command.options, params: {} },
    deps,
  );
  const { connection, audit } = made;
  if (!connection || !audit) throw new Error('A transfer needs a signed-in connection.');
  const profileId = connection.profile.id;
  const connections = new CliConnections(profileId, connection);
  const watcher = new JobWatcher({
    clientFor: (id) => connections.get(id).client,
    logger: deps.logger,
  });
  const jobEnds = new CliJobEndRecorder(audit);
  jobEnds.observe(watcher);
  watcher.start();
  const folder = cliFolder(cliDataDir(command.options, deps.env));
  const service = new TransferService({
    dataDir: folder,
    connections,
    jobWatcher: watcher,
    dispatcher: deps.dispatcher,
    // Downloads on sockets of their own, with the dispatcher's proxy, CAs and timeouts.
    directRoute: directRoute({
      env: deps.env,
      logger: deps.logger,
      ...(command.options.proxy ? { proxyUrl: command.options.proxy } : {}),
      ...(deps.resolver ? { resolver: deps.resolver } : {}),
    }),
    logger: deps.logger,
    ...(deps.disk ? { disk: deps.disk } : {}),
    ...runOptionsOf(command),
    ...(Object.keys(tuning).length > 0 ? { partPlan: tuning } : {}),
  });
  return {
    connection,
    profileId,
    watcher,
    jobEnds,
    service,
    folder,
    close: async () => {
      await service.dispose();
      watcher.dispose();
      await jobEnds.settled();
      made.dispose();
    },
  };
}
