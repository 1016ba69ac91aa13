import type { Region } from '@shared/contract/enums';
import {
  ProfileAuthSchema,
  ProfileInputSchema,
  ProfileSecretInputSchema,
  ProfileTargetSchema,
  TeamMonitorSchema,
  type Profile,
  type ProfileInput,
  type ProfileSecretInput,
} from '@shared/model/profile';

/** The connection form as the user edits it (flat, so naive-ui binds each field). */
export interface ProfileFormModel {
  name: string;
  target: Region | 'custom';
  baseUrl: string;
  authKind: 'apiKey' | 'token';
  apiKey: string;
  tenantName: string;
  userName: string;
  password: string;
  color: string;
  readOnly: boolean;
  /** Keep the typed secret in the OS keychain. */
  remember: boolean;
  /** The team monitor to read instead of the service; blank: read the service. */
  teamMonitorUrl: string;
  /** A new team monitor bearer token, typed; blank: keep the stored one (if any). */
  teamMonitorToken: string;
  /** Remove the stored team monitor token on save. */
  forgetTeamMonitorToken: boolean;
}

/** The colours offered for a profile's badge. */
export const PROFILE_COLORS = [
  '#2563eb',
  '#16a34a',
  '#d97706',
  '#dc2626',
  '#9333ea',
  '#0891b2',
  '#db2777',
  '#4b5563',
] as const;

/** The schemas a form field is validated with (the contract's own). */
export const PROFILE_FIELD_SCHEMAS = {
  name: ProfileInputSchema.shape.name,
  baseUrl: ProfileTargetSchema.options[1].shape.baseUrl,
  tenantName: ProfileAuthSchema.options[1].shape.tenantName,
  userName: ProfileAuthSchema.options[1].shape.userName,
  apiKey: ProfileSecretInputSchema.options[0].shape.apiKey,
  password: ProfileSecretInputSchema.options[1].shape.password,
  color: ProfileInputSchema.shape.color,
  teamMonitorUrl: TeamMonitorSchema.shape.url.optional(),
} as const;

/** A blank form (EU region by default, as the interface says). */
export function emptyForm(colorIndex = 0): ProfileFormModel {
  return {
    name: '',
    target: 'EU',
    baseUrl: '',
    authKind: 'apiKey',
    apiKey: '',
    tenantName: '',
    userName: '',
    password: '',
    color: PROFILE_COLORS[colorIndex % PROFILE_COLORS.length] ?? '#2563eb',
    readOnly: false,
    remember: true,
    teamMonitorUrl: '',
    teamMonitorToken: '',
    forgetTeamMonitorToken: false,
  };
}

/** The form of an existing profile (secrets blank: they never leave main). */
export function formOf(profile: Profile): ProfileFormModel {
  const target = profile.target;
  return {
    ...emptyForm(),
    name: profile.name,
    target: target.kind === 'region' ? target.region : 'custom',
    baseUrl: target.kind === 'custom' ? target.baseUrl : '',
    authKind: profile.auth.kind,
    tenantName: profile.auth.kind === 'token' ? profile.auth.tenantName : '',
    userName: profile.auth.kind === 'token' ? profile.auth.userName : '',
    color: profile.color,
    readOnly: profile.readOnly,
    teamMonitorUrl: profile.teamMonitor?.url ?? '',
  };
}

/** The profile input the form describes (`extra` keeps fields the form does not edit). */
export function inputOfForm(
  form: ProfileFormModel,
  extra: Partial<ProfileInput> = {},
): ProfileInput {
  // Left out when blank, also when the stored profile had one: clearing the URL removes it.
  const { teamMonitor: _stored, ...kept } = extra;
  const teamMonitorUrl = form.teamMonitorUrl.trim();
  return {
    ...kept,
    ...(teamMonitorUrl ? { teamMonitor: { url: teamMonitorUrl } } : {}),
    name: form.name.trim(),
    target:
      form.target === 'custom'
        ? { kind: 'custom', baseUrl: form.baseUrl.trim() }
        : { kind: 'region', region: form.target },
    auth:
      form.authKind === 'apiKey'
        ? { kind: 'apiKey' }
        : { kind: 'token', tenantName: form.tenantName.trim(), userName: form.userName.trim() },
    color: form.color,
    readOnly: form.readOnly,
  };
}

/**
 * What to do with the team monitor token on save: store the typed one, remove the stored one
 * (asked for, or the URL cleared: main removes it then anyway), or nothing. With no URL typed,
 * the token is the organisation's team monitor's (`organisationUrl`), when the policy names one.
 */
export function teamTokenChangeOfForm(
  form: ProfileFormModel,
  organisationUrl?: string,
): { token: string | null } | undefined {
  if (!form.teamMonitorUrl.trim() && !organisationUrl) return undefined;
  const token = form.teamMonitorToken.trim();
  if (token) return { token };
  return form.forgetTeamMonitorToken ? { token: null } : undefined;
}

/** The secret typed in the form, or undefined when the field is blank. */
export function secretOfForm(form: ProfileFormModel): ProfileSecretInput | undefined {
  if (form.authKind === 'apiKey') return form.apiKey ? { apiKey: form.apiKey } : undefined;
  return form.password ? { password: form.password } : undefined;
}

/**
 * True when the form points an existing profile somewhere else: another region, or a base URL
 * of another scheme, host or port. Main then discards the secrets stored for the old address
 * (they are bound to it), so the form asks for the secret again.
 */
export function formMovesProfile(profile: Profile, form: ProfileFormModel): boolean {
  const before = profile.target;
  if (form.target !== 'custom') return before.kind !== 'region' || before.region !== form.target;
  return before.kind !== 'custom' || originOf(before.baseUrl) !== originOf(form.baseUrl.trim());
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    // Not a URL yet (being typed): compared as written, so any change counts as a move.
    return url;
  }
}
