import type { OpenConnection } from '@shared/model/open-connections';
import type { SignInState } from '@shared/model/session-state';

/**
 * Where a profile's connection stands, from main's two answers: its sign-in state and its
 * entry among the open profiles. The profile list, the tree and the status bar all read it
 * from here, so they cannot tell different stories about the same profile.
 */
export type ConnectionStatusKind =
  'signedIn' | 'signingIn' | 'reopening' | 'expired' | 'needsSignIn' | 'reopenFailed' | 'signedOut';

/** A profile's {@link ConnectionStatusKind}, and the message of a failed reopen. */
export interface ConnectionStatus {
  readonly kind: ConnectionStatusKind;
  /** What went wrong and what to do (needsSignIn, reopenFailed). */
  readonly detail?: string;
}

/** The status of a profile with sign-in `state` and open-list `entry` (either may be absent). */
export function connectionStatus(
  state: SignInState | undefined,
  entry: OpenConnection | undefined,
): ConnectionStatus {
  const status = state?.status ?? 'signedOut';
  if (status === 'signedIn' || status === 'expired') return { kind: status };
  if (entry?.isReopening) return { kind: 'reopening' };
  if (status === 'signingIn') return { kind: 'signingIn' };
  const problem = entry?.problem;
  if (problem) {
    const kind = problem.kind === 'needsSignIn' ? 'needsSignIn' : 'reopenFailed';
    return { kind, detail: problem.message };
  }
  return { kind: 'signedOut' };
}

/**
 * True when the profile's lists can be read: signed in, or expired and waiting for a new
 * sign-in (its lists stay). While it signs in, nothing is read that would only be refused.
 */
export function hasConnection(kind: ConnectionStatusKind): boolean {
  return kind === 'signedIn' || kind === 'expired';
}

/** Short words for a status, as the tree's hint and the profile list's tag show them. */
export const CONNECTION_STATUS_WORDS: Readonly<Record<ConnectionStatusKind, string>> = {
  signedIn: 'Signed in',
  signingIn: 'Signing in…',
  reopening: 'Reopening…',
  expired: 'Expired',
  needsSignIn: 'Sign-in needed',
  reopenFailed: 'Reopen failed',
  signedOut: 'Signed out',
};
