import type { Profile } from '@shared/model/profile';

/**
 * The region badge of a profile: `EU`, `US`, `LOCAL` (the built-in emulator) or `CUSTOM` (a
 * base URL of its own, named in full by the badge's tooltip and the status bar). Short, so
 * it fits every tab and tree node.
 */
export function regionLabel(profile: Profile): string {
  if (profile.isEmulator) return 'LOCAL';
  return profile.target.kind === 'region' ? profile.target.region : 'CUSTOM';
}

/** The host a profile talks to, for the status bar: `EU`, `US`, or the custom URL's host. */
export function hostLabel(profile: Profile): string {
  if (profile.isEmulator || profile.target.kind === 'region') return regionLabel(profile);
  try {
    return `CUSTOM ${new URL(profile.target.baseUrl).host}`;
  } catch {
    return 'CUSTOM';
  }
}

/** A longer description of where a profile connects, for lists and the status bar. */
export function targetDescription(profile: Profile): string {
  if (profile.isEmulator) return 'Built-in local emulator';
  if (profile.target.kind === 'region') {
    return profile.target.region === 'EU' ? 'EU data center' : 'US data center';
  }
  return profile.target.baseUrl;
}

/** How a profile signs in, e.g. `API key` or `demo / admin`. */
export function authDescription(profile: Profile): string {
  return profile.auth.kind === 'apiKey'
    ? 'API key'
    : `${profile.auth.tenantName} / ${profile.auth.userName}`;
}
