import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir, serveHistoryDir } from '../../services/config/app-paths';
import { UsageError } from '../args/operation-args';
import { checkNetworkOptions } from '../args/network-args';
import { readServeConfig, type ServeConnectionConfig } from './serve-config-file';
import { DEFAULT_SERVE_LIMITS } from './serve-limits';
import { SERVE_OPTIONS } from './serve-options';
import { parseListen, type ListenAddress } from './serve-listen';

/*
 * The command line of `databridge monitor serve`. Every value is checked before a connection
 * is made or a port is opened; the configuration file fills in what the command line leaves.
 */

/** The port a team's Prometheus scrapes by default. */
const DEFAULT_LISTEN = '127.0.0.1:9420';

/** Where the bearer token comes from: a file (a systemd credential) or a variable. */
export type TokenSource = { readonly file: string } | { readonly env: string };

/** A checked `monitor serve` command line, with the configuration file merged in. */
export interface ServeSettings {
  readonly listen: ListenAddress;
  readonly token?: TokenSource;
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly intervalSeconds: number;
  readonly blockingAlertSeconds: number;
  /** Open connections the server takes at most. */
  readonly maxConnections: number;
  readonly historyDir: string;
  readonly dataDir: string;
  readonly proxy?: string;
  /** A PAC file's URL (--proxy-pac or `proxyPac` in the file); --proxy wins over it. */
  readonly proxyPac?: string;
  readonly timeout?: string;
  readonly connections: readonly ServeConnectionConfig[];
  readonly verbose: boolean;
}

const OPTIONS = SERVE_OPTIONS;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

/** Parses a `monitor serve` command line; `help` when it asks for the help. */
export async function parseServeArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<ServeSettings | 'help'> {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message.replace(/[.\s]+$/, '')}. See monitor serve --help.`,
    );
  }
  if (values.help) return 'help';
  const extra = positionals.slice(2);
  if (extra.length > 0) throw new UsageError(`monitor serve takes no "${extra.join(' ')}".`);
  const file = values.config ? await readServeConfig(values.config) : undefined;
  const dataDir = values['data-dir'] ?? file?.dataDir ?? defaultDataDir(process.platform, env);
  const token = tokenOf(
    values['token-file'] ?? file?.tokenFile,
    values['token-env'] ?? file?.tokenEnv,
  );
  const tls = tlsOf(values['tls-cert'] ?? file?.tlsCert, values['tls-key'] ?? file?.tlsKey);
  const proxy = values.proxy ?? file?.proxy;
  const proxyPac = values['proxy-pac'] ?? file?.proxyPac;
  checkNetworkOptions({ 'proxy-pac': proxyPac });
  return {
    listen: parseListen(values.listen ?? file?.listen ?? DEFAULT_LISTEN),
    ...(token ? { token } : {}),
    ...(tls ? { tls } : {}),
    intervalSeconds: intervalOf(values.interval, file?.intervalSeconds),
    blockingAlertSeconds: file?.blockingAlertSeconds ?? 30,
    maxConnections: maxConnectionsOf(values['max-connections'], file?.maxConnections),
    historyDir: values['history-dir'] ?? file?.historyDir ?? historyDirOf(env, dataDir),
    dataDir,
    ...(proxy ? { proxy } : {}),
    ...(proxyPac ? { proxyPac } : {}),
    ...(values.timeout ? { timeout: values.timeout } : {}),
    connections: connectionsOf(values, file?.connections ?? []),
    verbose: values.verbose === true,
  };
}

function tokenOf(file: string | undefined, envName: string | undefined): TokenSource | undefined {
  if (file !== undefined && envName !== undefined) {
    throw new UsageError('Give the bearer token one way: --token-file FILE or --token-env VAR.');
  }
  if (file !== undefined) return { file };
  return envName === undefined ? undefined : { env: envName };
}

function tlsOf(cert: string | undefined, key: string | undefined) {
  if ((cert === undefined) !== (key === undefined)) {
    throw new UsageError('TLS needs both --tls-cert FILE and --tls-key FILE.');
  }
  return cert !== undefined && key !== undefined ? { cert, key } : undefined;
}

function intervalOf(text: string | undefined, fromFile: number | undefined): number {
  if (text === undefined) return fromFile ?? 5;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new UsageError(
      '--interval must be a whole number of seconds from 1 to 3600, e.g. --interval 5.',
    );
  }
  return seconds;
}

function maxConnectionsOf(text: string | undefined, fromFile: number | undefined): number {
  if (text === undefined) return fromFile ?? DEFAULT_SERVE_LIMITS.maxConnections;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new UsageError(
      '--max-connections must be a whole number from 1 to 100000, e.g. --max-connections 256.',
    );
  }
  return count;
}

/** Under systemd's StateDirectory= the history goes there; else beside the app's data. */
function historyDirOf(env: Readonly<Record<string, string | undefined>>, dataDir: string): string {
  const state = env['STATE_DIRECTORY']?.split(':')[0];
  return state ? join(state, 'history') : serveHistoryDir(dataDir);
}

/** The connections to watch: `--profile` names, `--base-url`/`--region`, then the file's. */
function connectionsOf(values: Values, fromFile: readonly ServeConnectionConfig[]) {
  const connections: ServeConnectionConfig[] = (values.profile ?? []).map((profile) => ({
    name: profile,
    profile,
  }));
  if (values['base-url'] !== undefined || values.region !== undefined) {
    const region = values.region?.toUpperCase();
    if (region !== undefined && region !== 'EU' && region !== 'US') {
      throw new UsageError('--region must be EU or US.');
    }
    connections.push({
      name: 'default',
      ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
      ...(region ? { region } : {}),
      ...(values.tenant ? { tenant: values.tenant } : {}),
      ...(values.user ? { user: values.user } : {}),
    });
  }
  connections.push(...fromFile);
  if (connections.length === 0) {
    throw new UsageError(
      'Name what to watch: --profile NAME (a saved connection), --base-url URL or --region EU|US with DATABRIDGE_API_KEY, or --config FILE.',
    );
  }
  const names = connections.map((c) => c.name.toLowerCase());
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`Two connections are named "${twice}".`);
  return connections;
}
