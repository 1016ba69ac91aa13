import { isAppError } from '../../../shared/errors';
import type { ReopenProblem } from '../../../shared/model/open-connections';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import type { Logger } from '../log/logger';
import type { SecretVault } from '../secrets/secret-vault';
import type { ConnectionManager } from './connection-manager';
import { askAgainInApp, boundStoredSecret } from './profile-secrets';

/** What {@link reopenConnection} needs. */
export interface ReopenDeps {
  readonly secrets: SecretVault;
  readonly connections: Pick<ConnectionManager, 'connect'>;
  readonly logger: Logger;
  readonly signal?: AbortSignal;
}

/**
 * Signs a profile in again, without asking, with what is stored for it: the built-in
 * emulator's demo key, or the API key or password kept in the keychain (a token sign-in gets
 * fresh tokens with it). Answers undefined once it is signed in, else the problem to show on
 * the profile. A secret kept for the last session only is not asked for here: the profile is
 * answered as `needsSignIn` and nothing is sent. Never throws.
 */
export async function reopenConnection(
  profile: Profile,
  deps: ReopenDeps,
): Promise<ReopenProblem | undefined> {
  let secret: ProfileSecretInput | undefined;
  if (!usesDemoKey(profile)) {
    try {
      secret = await boundStoredSecret(deps.secrets, profile, askAgainInApp);
    } catch (error) {
      // The keychain did not answer (failed), or what it held was given for another address and
      // has been deleted so that it is never sent there (AUTH_REQUIRED: the user is asked).
      const step = `reading its ${secretName(profile)} from the keychain`;
      const problem = problemOf(profile, error, step, deps);
      return problem.code === 'AUTH_REQUIRED' ? { ...problem, kind: 'needsSignIn' } : problem;
    }
    if (secret === undefined) return needsSignIn(profile);
  }
  try {
    await deps.connections.connect(profile.id, secret, deps.signal ? { signal: deps.signal } : {});
    return undefined;
  } catch (error) {
    const step = usesDemoKey(profile)
      ? 'starting the local emulator and signing in'
      : `signing in with its stored ${secretName(profile)}`;
    return problemOf(profile, error, step, deps);
  }
}

/** The problem of a profile whose secret was not kept: it is asked for, once. */
function needsSignIn(profile: Profile): ReopenProblem {
  return {
    kind: 'needsSignIn',
    code: 'AUTH_REQUIRED',
    message: `"${profile.name}" was open when the app last closed, but its ${secretName(profile)} was kept for that session only. ${askAgainInApp(profile)}`,
  };
}

function problemOf(
  profile: Profile,
  error: unknown,
  step: string,
  deps: Pick<ReopenDeps, 'logger'>,
): ReopenProblem {
  if (!isAppError(error)) {
    deps.logger.error('Reopening a connection failed unexpectedly', {
      profileId: profile.id,
      error,
    });
    return {
      kind: 'failed',
      code: 'INTERNAL',
      message: `Reopening "${profile.name}" failed while ${step}, unexpectedly. Connect to it again; if it keeps failing, the log has details for support.`,
    };
  }
  return {
    kind: 'failed',
    code: error.code,
    message: `Reopening "${profile.name}" failed while ${step}. ${error.message}`,
  };
}

function usesDemoKey(profile: Profile): boolean {
  return profile.isEmulator && profile.auth.kind === 'apiKey';
}

function secretName(profile: Profile): string {
  return profile.auth.kind === 'apiKey' ? 'API key' : `password of ${profile.auth.userName}`;
}
