import { AppError } from '../../../shared/errors';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import { profileOrigin } from '../secrets/secret-binding';
import type { SecretVault } from '../secrets/secret-vault';

/**
 * The emulator's public demo key: the built-in emulator connection needs no secret from the
 * user. It is not a secret (it is in the emulator's documentation) and works nowhere else.
 */
export const EMULATOR_DEMO_KEY = 'demo-admin-key';

/** How the app or the CLI says where to give a secret again, for a profile's sign-in. */
export type AskAgain = (profile: Profile) => string;

/**
 * The secret stored for a profile, for where the profile points now; undefined when none is
 * stored. A stored one given for another origin is deleted by the vault and answered here as
 * AUTH_REQUIRED saying so, with `askAgain`'s words: nothing is sent.
 */
export async function boundStoredSecret(
  vault: SecretVault,
  profile: Profile,
  askAgain: AskAgain,
): Promise<ProfileSecretInput | undefined> {
  const origin = profileOrigin(profile.target);
  const found = await vault.getProfileSecret(profile, origin);
  if (found.status === 'found') return found.secret;
  if (found.status === 'none') return undefined;
  throw pointsElsewhereError(profile, found.storedFor, askAgain);
}

/**
 * AUTH_REQUIRED for a profile whose stored secret was given for another origin (`storedFor`),
 * or kept by an earlier version that did not record its origin (`storedFor` undefined), and
 * has been deleted unsent.
 */
export function pointsElsewhereError(
  profile: Profile,
  storedFor: string | undefined,
  askAgain: AskAgain,
): AppError {
  const what = profile.auth.kind === 'apiKey' ? 'API key' : 'password';
  const origin = profileOrigin(profile.target);
  const message =
    storedFor === undefined
      ? `The stored ${what} of "${profile.name}" was kept by an earlier version without the address it was given for, so nothing says it is for ${origin}, where "${profile.name}" points. It was deleted unsent. ${askAgain(profile)}`
      : `The stored ${what} was given for ${storedFor}, but "${profile.name}" now points to ${origin}. It was deleted so that it is never sent there. ${askAgain(profile)}`;
  return new AppError({ code: 'AUTH_REQUIRED', message });
}

/** The app's words: the connect prompt asks for the secret. */
export function askAgainInApp(profile: Profile): string {
  return profile.auth.kind === 'apiKey'
    ? `Enter the API key of "${profile.name}" to connect.`
    : `Enter the password of ${profile.auth.userName} to connect to "${profile.name}".`;
}

/** True when an edit moved a profile to another origin (its stored secrets must go). */
export function pointsElsewhere(before: Profile, after: Profile): boolean {
  return profileOrigin(before.target) !== profileOrigin(after.target);
}
