import { createHash } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { RegionSchema } from '../../../shared/contract/enums';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import { AppError, isAppError } from '../../../shared/errors';
import {
  AUDIT_ON_FAILURE_ENV,
  auditOnFailureFromEnv,
  type AuditOnFailure,
} from '../../services/audit/audit-failure';
import { operationRefusal, targetRefusal } from '../../services/policy/policy-gate';
import { policyInForce, type Policy, type PolicyState } from '../../../shared/model/policy';
import { loadCliPolicy, policyAuditOnFailure } from './policy-rules';
import type { Audit } from '../../services/audit/audit-setup';
import { auditOf, profileStoreOf, secretVaultOf } from '../../app/service-wiring';
import { CommandOsLog } from '../../services/audit/os-log';
import { TokenAuth } from '../../services/auth/token-auth';
import { defaultDataDir } from '../../services/config/app-paths';
import { serviceEndpoints, type ServiceEndpoints } from '../../services/config/regions';
import { createConnection, type Connection } from '../../services/connection/connection';
import { EMULATOR_DEMO_KEY, boundStoredSecret } from '../../services/connection/profile-secrets';
import { ServiceClient } from '../../services/http/service-client';
import type { ServiceLimits } from '../../services/http/service-limits';
import type { Logger } from '../../services/log/logger';
import type { SecretStore } from '../../services/secrets/secret-store';
import { profileOrigin } from '../../services/secrets/secret-binding';
import { cliAdvice, cliAdviceFor } from '../output/advice';
import { UsageError, type CliCommand } from '../args/operation-args';
import { cliVersion } from '../build-info';
import { checkOneTarget } from './connection-target';
import type { SecretEnvName } from '../args/secret-args';
import type { DeadlinePause } from '../../services/http/deadline-pause';
import {
  askAgain,
  chooseSecret,
  giveOnCommandLine,
  keychainUnreadable,
  secretOffer,
  type GiveSecret,
  type SavedConnection,
  type SecretOffer,
} from './secret-choice';

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/** What the CLI needs to reach the service. */
export interface CliConnectionDeps {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly dispatcher: Dispatcher;
  readonly logger: Logger;
  /** The keychain, for `--profile` (the composition root hands in the keytar adapter). */
  readonly secretStore: () => SecretStore;
  /** Where a line for the user goes: the note that the environment's secret is not used. */
  readonly stderr: (text: string) => void;
  /**
   * The variable of `env` that holds a secret read from standard input for this command
   * (given for it, unlike one left in the environment).
   */
  readonly fromStdin?: SecretEnvName;
  /** How the command takes a saved connection's secret for one run (default: the flags). */
  readonly giveSecret?: GiveSecret;
  /** The machine policy, when the command read it already; else it is read here. */
  readonly policy?: PolicyState;
  /** The command's own refusals (`--yes` missing), after the policy's and a read-only one's. */
  readonly afterRefusals?: () => void;
  /** Stops the clock of --timeout while the person at the terminal answers a proxy's question. */
  readonly deadlinePause?: DeadlinePause;
}

/**
 * The client for a CLI command: from a saved profile (its secret from the keychain unless one
 * is given for this command; never the environment's) or from --base-url/--region with an API
 * key or --tenant/--user and a password. Operations of the token service need no sign-in.
 */
export async function cliClient(
  command: RunCommand,
  deps: CliConnectionDeps,
): Promise<{ client: ServiceClient; dispose(): void; connection?: Connection; audit?: Audit }> {
  const { options } = command;
  checkOneTarget(options);
  const limits = timeoutLimits(options.timeout);
  const profile = options.profile ? await savedProfile(command, deps) : adHocProfile(command);
  const endpoints = serviceEndpoints(profile.target);
  const readOnly = profile.readOnly || options['read-only'] === true;
  if (readOnly) refuseChange(command, profile);
  const policy = policyInForce(deps.policy ?? (await loadCliPolicy(deps.env, deps.stderr)));
  // Refused before a secret is read or anything sent: the organisation's rules come first.
  const refused =
    targetRefusal(profile.target, policy) ?? operationRefusal(command.operation, policy);
  if (refused) throw refused;
  deps.afterRefusals?.();
  const gate = policy ? { policy } : {};
  const { deadlinePause } = deps;
  const paused = deadlinePause ? { deadlinePause } : {};
  if (command.operation.service === 'auth') {
    return unauthenticated(endpoints, deps, { readOnly, limits, ...gate, ...paused });
  }
  const secret = await secretFor(profile, command, deps);
  const audit = cliAudit(command, deps, policy);
  const connection = createConnection({ ...profile, readOnly }, secret, {
    ...gate,
    endpoints,
    dispatcher: deps.dispatcher,
    logger: deps.logger,
    sessionOnly: false,
    adviserFor: cliAdviceFor,
    limits,
    ...paused,
    audit: audit.auditor,
  });
  if (connection.auth instanceof TokenAuth && 'password' in secret) {
    await connection.auth.signIn(secret.password);
  }
  const dispose = (): void => connection.auth.dispose();
  return { client: connection.client, dispose, connection, audit };
}

/**
 * Changes are recorded in the audit trail of the data folder the run uses (the app's), keyed
 * and anchored in the same keychain, and copied to the OS log.
 */
function cliAudit(command: RunCommand, deps: CliConnectionDeps, policy?: Policy): Audit {
  const dataDir = cliDataDir(command.options, deps.env);
  const source = { kind: 'cli' as const, version: cliVersion() };
  let mode: AuditOnFailure | undefined; // decided at the first change, said once
  return auditOf({
    dataDir,
    source,
    logger: deps.logger,
    secretStore: deps.secretStore(),
    osLog: new CommandOsLog({ platform: process.platform }),
    onFailure: () => (mode ??= auditMode(deps, policy)),
    warn: (message) => deps.stderr(`warning: ${message}\n`),
  });
}

/** The audit failure mode: the policy's locked one, else DATABRIDGE_AUDIT_ON_FAILURE's. */
function auditMode(deps: CliConnectionDeps, policy: Policy | undefined): AuditOnFailure {
  const given = Boolean(deps.env[AUDIT_ON_FAILURE_ENV]?.trim());
  return policyAuditOnFailure(policy, auditOnFailureFromEnv(deps.env), given, deps.stderr);
}

function unauthenticated(
  endpoints: ServiceEndpoints,
  deps: CliConnectionDeps,
  settings: {
    readOnly: boolean;
    limits: Partial<ServiceLimits>;
    policy?: Policy;
    deadlinePause?: DeadlinePause;
  },
) {
  const client = new ServiceClient({
    ...endpoints,
    ...settings,
    dispatcher: deps.dispatcher,
    logger: deps.logger,
    advise: cliAdvice,
  });
  return { client, dispose: () => undefined };
}

/** The longest --timeout: a day (and well within what a timer can count). */
const MAX_TIMEOUT_S = 86_400;

/**
 * The operation deadline of `--timeout SECONDS` (none given: the client's default). A user
 * on a slow link raises it; a script that must fail fast lowers it.
 */
export function timeoutLimits(text: string | undefined): Partial<ServiceLimits> {
  if (text === undefined) return {};
  const seconds = Number(text);
  if (text.trim() === '' || !(seconds >= 0.1 && seconds <= MAX_TIMEOUT_S)) {
    throw new UsageError(
      `--timeout must be a number of seconds from 0.1 to ${MAX_TIMEOUT_S}, e.g. --timeout 60.`,
    );
  }
  return { deadlineMs: Math.round(seconds * 1000) };
}

/**
 * Refuses an operation that changes something on a read-only run before anything is sent,
 * saying which flag or saved connection made it read-only (the client's own refusal speaks
 * of the app's settings).
 */
function refuseChange(command: RunCommand, profile: Profile): void {
  const op = command.operation;
  if (op.service !== 'api' || op.method === 'GET') return;
  const why =
    command.options['read-only'] === true
      ? '--read-only was given; leave it out to do it'
      : `the saved connection "${profile.name}" is read-only; turn that off in the app's connection settings to do it`;
  throw new AppError({
    code: 'FORBIDDEN',
    message: `Not sent: "${op.summary}" changes something and ${why}.`,
    operation: op.id,
  });
}

/** The app's data folder the CLI reads: --data-dir, else the platform's, as the app uses. */
export function cliDataDir(
  options: RunCommand['options'],
  env: Readonly<Record<string, string | undefined>>,
): string {
  return options['data-dir'] ?? defaultDataDir(process.platform, env);
}

async function savedProfile(command: RunCommand, deps: CliConnectionDeps): Promise<Profile> {
  const name = command.options.profile ?? '';
  const dataDir = cliDataDir(command.options, deps.env);
  const store = profileStoreOf(dataDir, deps.logger);
  const { profiles, damaged } = await store.load();
  if (damaged) {
    throw new UsageError(
      `The profiles file was damaged (${damaged.reason}); it was moved to ${damaged.movedTo}.`,
    );
  }
  const profile = profiles.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!profile) {
    const known = profiles.map((p) => `"${p.name}"`).join(', ') || 'none';
    throw new UsageError(`No saved connection named "${name}" in ${dataDir}. Saved: ${known}.`);
  }
  return profile;
}

function adHocProfile(command: RunCommand): Profile {
  const { options } = command;
  const time = new Date().toISOString();
  let target: Profile['target'];
  if (options['base-url']) target = { kind: 'custom', baseUrl: options['base-url'] };
  else {
    const region = RegionSchema.safeParse((options.region ?? 'EU').toUpperCase());
    if (!region.success) throw new UsageError('--region must be EU or US.');
    target = { kind: 'region', region: region.data };
  }
  const token = options.tenant !== undefined || options.user !== undefined;
  if (token && (!options.tenant || !options.user)) {
    throw new UsageError('Token sign-in needs both --tenant and --user (and a password).');
  }
  const auth: Profile['auth'] = token
    ? { kind: 'token', tenantName: options.tenant ?? '', userName: options.user ?? '' }
    : { kind: 'apiKey' };
  return {
    id: adHocProfileId(target, auth),
    name: 'command line',
    target,
    auth,
    color: '#1f6feb',
    readOnly: false,
    isEmulator: false,
    createdAt: time,
    updatedAt: time,
  };
}

/**
 * The id of a connection given on the command line: the same service and sign-in (never the
 * secret itself) give the same id, so a transfer journaled by one run is found by the next.
 */
function adHocProfileId(target: Profile['target'], auth: Profile['auth']): string {
  const digest = createHash('sha256').update(JSON.stringify({ target, auth })).digest('hex');
  return `cli-${digest.slice(0, 16)}`;
}

async function secretFor(
  profile: Profile,
  command: RunCommand,
  deps: CliConnectionDeps,
): Promise<ProfileSecretInput> {
  const { options } = command;
  const kind = profile.auth.kind === 'apiKey' ? 'apiKey' : 'password';
  const offer = secretOffer(kind, options, deps.env, deps.fromStdin);
  // Redacted whether sent or not: a line that quotes it must not print it either way.
  for (const secret of [offer.given, offer.environment])
    if (secret) deps.logger.addSecret?.(secret);
  // A secret given for this command is sent without reading the keychain.
  const saved =
    options.profile !== undefined && offer.given === undefined
      ? await savedConnection(profile, offer, deps)
      : undefined;
  const choice = chooseSecret(offer, saved);
  // No secret to send is a sign-in failure (exit code 3, as the help says), not a usage error.
  if ('refuse' in choice) throw new AppError({ code: 'AUTH_REQUIRED', message: choice.refuse });
  if (choice.note) deps.stderr(choice.note);
  deps.logger.addSecret?.(choice.send);
  return kind === 'apiKey' ? { apiKey: choice.send } : { password: choice.send };
}

/** A saved connection with the secret it holds for where it points now. */
async function savedConnection(
  profile: Profile,
  offer: SecretOffer,
  deps: CliConnectionDeps,
): Promise<SavedConnection> {
  const give = deps.giveSecret ?? giveOnCommandLine;
  const saved = { name: profile.name, origin: profileOrigin(profile.target), give };
  // The built-in emulator signs in with its public demo key, as in the app: no keychain needed.
  if (profile.isEmulator && profile.auth.kind === 'apiKey') {
    return { ...saved, stored: { secret: EMULATOR_DEMO_KEY, from: 'emulator' } };
  }
  const vault = secretVaultOf(deps.secretStore(), deps.logger);
  try {
    // Only a secret stored for where the profile points now; one stored for another origin, or
    // without one, is deleted and answered AUTH_REQUIRED, before anything is sent.
    const stored = await boundStoredSecret(vault, profile, (p) =>
      askAgain(offer.kind, p.name, give),
    );
    if (stored === undefined) return saved;
    const secret = 'apiKey' in stored ? stored.apiKey : stored.password;
    return { ...saved, stored: { secret, from: 'keychain' } };
  } catch (error) {
    if (!isAppError(error) || error.code !== 'KEYCHAIN_UNAVAILABLE') throw error;
    // The app's words offer a session-only mode, which a command does not have.
    const message = keychainUnreadable(offer, profile.name, give);
    throw new AppError({ code: 'KEYCHAIN_UNAVAILABLE', message }, { cause: error });
  }
}
