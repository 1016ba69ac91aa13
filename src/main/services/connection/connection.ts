import type { Dispatcher } from 'undici';
import type { Policy } from '../../../shared/model/policy';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import { AppError } from '../../../shared/errors';
import type { ConnectionAudit } from '../audit/call-auditor';
import { ApiKeyAuth } from '../auth/api-key-auth';
import type { AuthProvider } from '../auth/auth-provider';
import { TokenAuth } from '../auth/token-auth';
import type { RetryPolicy } from '../common/retry-policy';
import type { ServiceEndpoints } from '../config/regions';
import { guiAdviceFor, type Adviser, type SignInKind } from '../http/http-errors';
import type { DeadlinePause } from '../http/deadline-pause';
import { ServiceClient } from '../http/service-client';
import type { ServiceLimits } from '../http/service-limits';
import type { Logger } from '../log/logger';
import type { Timers } from '../time/timers';
import { AuthApi } from './auth-api';

/**
 * A signed-in (or signing-in) profile: its client and its auth. Operations are called one way,
 * through the catalogue-typed `client.call('group.op', input)`.
 */
export interface Connection {
  readonly profile: Profile;
  readonly endpoints: ServiceEndpoints;
  readonly client: ServiceClient;
  readonly auth: AuthProvider;
}

/** What {@link createConnection} needs besides the profile. */
export interface ConnectionDeps {
  readonly endpoints: ServiceEndpoints;
  readonly dispatcher: Dispatcher;
  readonly logger: Logger;
  readonly sessionOnly: boolean;
  readonly retry?: Partial<RetryPolicy>;
  /** The operation deadline and answer bounds; default SERVICE_LIMITS (the CLI's --timeout). */
  readonly limits?: Partial<ServiceLimits>;
  /** Stops the deadlines' clock while a person answers a proxy's question (prompt or dialog). */
  readonly deadlinePause?: DeadlinePause;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly refreshMarginMs?: number;
  /**
   * The "what to do" of service errors for the profile's kind of sign-in; default the app's
   * ({@link guiAdviceFor}; the CLI passes its own).
   */
  readonly adviserFor?: (kind: SignInKind) => Adviser;
  /** Records the changes the connection's client makes (the audit trail); none: not recorded. */
  readonly audit?: ConnectionAudit;
  /** The machine policy in force: what its clients refuse to send (none: no policy). */
  readonly policy?: Policy;
}

/**
 * Builds the connection of a profile with the secret the user gave (or the vault held). It
 * does not sign in yet: the caller verifies an API key or signs in with the password.
 */
export function createConnection(
  profile: Profile,
  secret: ProfileSecretInput,
  deps: ConnectionDeps,
): Connection {
  const base = {
    baseUrl: deps.endpoints.baseUrl,
    authUrl: deps.endpoints.authUrl,
    dispatcher: deps.dispatcher,
    logger: deps.logger,
    ...(deps.retry ? { retry: deps.retry } : {}),
    ...(deps.limits ? { limits: deps.limits } : {}),
    ...(deps.deadlinePause ? { deadlinePause: deps.deadlinePause } : {}),
    ...(deps.policy ? { policy: deps.policy } : {}),
    // Both clients, the token service's too: a refused refresh names the user's sign-in.
    advise: (deps.adviserFor ?? guiAdviceFor)(profile.auth.kind),
  };
  const auth = createAuth(profile, secret, deps, new AuthApi(new ServiceClient(base)));
  const onCallStart = deps.audit?.listenerFor({ profile, endpoints: deps.endpoints, secret });
  const client = new ServiceClient({
    ...base,
    auth,
    readOnly: profile.readOnly,
    ...(onCallStart ? { onCallStart } : {}),
  });
  return { profile, endpoints: deps.endpoints, client, auth };
}

function createAuth(
  profile: Profile,
  secret: ProfileSecretInput,
  deps: ConnectionDeps,
  tokens: AuthApi,
): AuthProvider {
  if (profile.auth.kind === 'apiKey') {
    if (!('apiKey' in secret)) throw wrongSecret('an API key');
    deps.logger.addSecret?.(secret.apiKey);
    return new ApiKeyAuth({
      profileId: profile.id,
      apiKey: secret.apiKey,
      sessionOnly: deps.sessionOnly,
    });
  }
  if (!('password' in secret)) throw wrongSecret('a password');
  return new TokenAuth({
    profileId: profile.id,
    tenantName: profile.auth.tenantName,
    userName: profile.auth.userName,
    tokens,
    logger: deps.logger,
    sessionOnly: deps.sessionOnly,
    ...(deps.timers ? { timers: deps.timers } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.refreshMarginMs === undefined ? {} : { refreshMarginMs: deps.refreshMarginMs }),
  });
}

function wrongSecret(expected: string): AppError {
  return new AppError({
    code: 'VALIDATION',
    message: `This connection signs in with ${expected}. Enter ${expected} to connect.`,
  });
}
