import { readFile } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { catalogue } from '../../../shared/contract/catalogue';
import type { Logger } from '../../services/log/logger';
import type { SecretStore } from '../../services/secrets/secret-store';
import type { MonitorClient } from '../../services/monitor/monitor-service';
import { UsageError } from '../args/operation-args';
import { cliClient } from '../connection/connection';
import type { RunOptions } from '../args/options';
import type { GiveSecret } from '../connection/secret-choice';
import type { ServeSettings } from './serve-args';
import type { ServeConnectionConfig } from './serve-config-file';

/** One connection the headless monitor watches. */
export interface ServeConnection {
  readonly name: string;
  /** `EU`, `US`, or `custom` for a base URL of its own: the `region` label. */
  readonly region: string;
  readonly client: MonitorClient;
  dispose(): void;
}

/** What connecting needs. */
export interface ServeConnectDeps {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly dispatcher: Dispatcher;
  readonly logger: Logger;
  readonly secretStore: () => SecretStore;
}

const SESSIONS_LIST = catalogue.find((op) => op.id === 'sessions.list');

/** A secret a connection names in the environment or a file; undefined when it names none. */
async function secretOf(
  config: ServeConnectionConfig,
  env: ServeConnectDeps['env'],
): Promise<Pick<RunOptions, 'api-key' | 'password'>> {
  const fromEnv = (name: string, what: string): string => {
    const value = env[name];
    if (!value)
      throw new UsageError(`Connection "${config.name}": ${what} variable ${name} is not set.`);
    return value;
  };
  if (config.apiKeyEnv) return { 'api-key': fromEnv(config.apiKeyEnv, 'the API key') };
  if (config.passwordEnv) return { password: fromEnv(config.passwordEnv, 'the password') };
  if (!config.apiKeyFile) return {};
  let key: string;
  try {
    key = (await readFile(config.apiKeyFile, 'utf8')).trim();
  } catch (error) {
    throw new UsageError(`Connection "${config.name}": apiKeyFile: ${(error as Error).message}`);
  }
  if (key === '' || /\s/.test(key)) {
    throw new UsageError(`Connection "${config.name}": apiKeyFile must hold the API key alone.`);
  }
  return { 'api-key': key };
}

/**
 * How a saved connection of the monitor takes a secret for this run: named for that connection
 * in the configuration file. DATABRIDGE_API_KEY and --api-key-stdin are the secret of the
 * connection given by --base-url or --region, never of a saved one.
 */
const giveInConfig: GiveSecret = (kind) =>
  kind === 'apiKey'
    ? 'in --config, as the "apiKeyEnv" or "apiKeyFile" of a connection with that "profile"'
    : 'in --config, as the "passwordEnv" of a connection with that "profile"';

/**
 * Connects one configured connection the way the CLI connects `--profile` (the secret from
 * the keychain) or `--base-url`/`--region` (the secret from the environment): the same code,
 * so the rules about where a stored secret may go hold here too. Read-only: the monitor only
 * reads, and a connection that cannot change anything cannot be misused to.
 */
async function connectOne(
  config: ServeConnectionConfig,
  settings: ServeSettings,
  deps: ServeConnectDeps,
): Promise<ServeConnection> {
  if (!SESSIONS_LIST) throw new Error('The catalogue has no sessions.list.');
  const options: RunOptions = {
    'read-only': true,
    'data-dir': settings.dataDir,
    ...(config.profile ? { profile: config.profile } : {}),
    ...(config.baseUrl ? { 'base-url': config.baseUrl } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.tenant ? { tenant: config.tenant } : {}),
    ...(config.user ? { user: config.user } : {}),
    ...(settings.timeout ? { timeout: settings.timeout } : {}),
    ...(await secretOf(config, deps.env)),
  };
  const made = await cliClient(
    { kind: 'run', operation: SESSIONS_LIST, options, params: {} },
    { ...deps, stderr: (text) => deps.logger.warn(text.trim()), giveSecret: giveInConfig },
  );
  const target = made.connection?.profile.target;
  return {
    name: config.name,
    region: target?.kind === 'region' ? target.region : 'custom',
    client: made.client,
    dispose: () => made.dispose(),
  };
}

/** Connects every configured connection; on a failure, those already made are closed. */
export async function connectAll(
  settings: ServeSettings,
  deps: ServeConnectDeps,
): Promise<Map<string, ServeConnection>> {
  const connections = new Map<string, ServeConnection>();
  try {
    for (const config of settings.connections) {
      connections.set(config.name, await connectOne(config, settings, deps));
    }
  } catch (error) {
    for (const connection of connections.values()) connection.dispose();
    throw error;
  }
  return connections;
}
