import { SettingsPatchSchema, type Settings, type SettingsPatch } from '@shared/model/settings';
import type { FailedJobNotice } from '@shared/model/monitor';
import { zodMessage } from './zod-rule';

/**
 * What the settings form edits: the saved settings as the inputs hold them (a number input
 * answers null when emptied; no proxy is an empty string). The theme is not here: it applies
 * at once, like the top bar's switch.
 */
export interface SettingsDraft {
  closeToTray: boolean;
  /** Start hidden in the tray, the monitor running, when the user signs in to the computer. */
  startAtLogin: boolean;
  keepAwakeWhileTransferring: boolean;
  /** An upload reads a copy-on-write clone of its file where the file system can make one. */
  cloneUploadSources: boolean;
  partsInFlight: number | null;
  /** Connections one large download uses at once (1: one stream). */
  rangesInFlight: number | null;
  /** MiB/s shared by every transfer; 0 means no limit. */
  bandwidthLimitMiBps: number | null;
  /** KiB/s a request to a storage host must move over the window; 0 turns the floor off. */
  minSpeedKiBps: number | null;
  minSpeedWindowSeconds: number | null;
  transfersAtOnce: number | null;
  sessionRefreshSeconds: number | null;
  blockingAlertSeconds: number | null;
  proxyUrl: string;
  /** The PAC file's URL; blank for none. */
  proxyPacUrl: string;
  /** Which failed jobs of watched instances raise a native notification. */
  monitorFailedJobs: FailedJobNotice;
  /** Where the age of a point in time goes: beside its date and time, or on hover. */
  timeDisplay: Settings['timeDisplay'];
  /** Times of day on a 24-hour clock, or as the system's locale writes them. */
  clock: Settings['clock'];
  /** Compact table rows (the default) or taller, comfortable ones. */
  density: Settings['density'];
  /** What copying or saving a table writes: the values as shown, or the service's raw ones. */
  copyValues: Settings['copyValues'];
  /** A change the audit trail cannot record first: refused, or sent with a warning. */
  auditOnFailure: Settings['auditOnFailure'];
  /** How the app updates itself: automatically, when asked, or not at all. */
  updateMode: Settings['updateMode'];
  /** Which releases updates offer: stable ones, or pre-releases too. */
  updateChannel: Settings['updateChannel'];
}

/** The draft's fields, in the order the form shows them. */
export const DRAFT_FIELDS = [
  'clock',
  'timeDisplay',
  'density',
  'copyValues',
  'closeToTray',
  'startAtLogin',
  'keepAwakeWhileTransferring',
  'transfersAtOnce',
  'partsInFlight',
  'rangesInFlight',
  'bandwidthLimitMiBps',
  'minSpeedKiBps',
  'minSpeedWindowSeconds',
  'cloneUploadSources',
  'proxyUrl',
  'proxyPacUrl',
  'sessionRefreshSeconds',
  'blockingAlertSeconds',
  'monitorFailedJobs',
  'auditOnFailure',
  'updateMode',
  'updateChannel',
] as const satisfies ReadonlyArray<keyof SettingsDraft>;

/** The on/off fields. */
const SWITCH_FIELDS = [
  'closeToTray',
  'startAtLogin',
  'keepAwakeWhileTransferring',
  'cloneUploadSources',
] as const;
const isSwitch = (key: keyof SettingsDraft): key is (typeof SWITCH_FIELDS)[number] =>
  (SWITCH_FIELDS as readonly string[]).includes(key);

/** The fields that pick one of a few values. */
const CHOICE_FIELDS = [
  'monitorFailedJobs',
  'clock',
  'timeDisplay',
  'density',
  'copyValues',
  'auditOnFailure',
  'updateMode',
  'updateChannel',
] as const;
const isChoice = (key: keyof SettingsDraft): key is (typeof CHOICE_FIELDS)[number] =>
  (CHOICE_FIELDS as readonly string[]).includes(key);

/** The number fields, with what an emptied input says. */
const NUMBER_FIELDS = {
  partsInFlight: 'Type the number of parts, from 1 to 16',
  rangesInFlight: 'Type the number of connections, from 1 to 16',
  bandwidthLimitMiBps: 'Type the limit in MiB/s, or 0 for no limit',
  minSpeedKiBps: 'Type the minimum speed in KiB/s, or 0 for none',
  minSpeedWindowSeconds: 'Type the window in seconds, from 10 to 3600',
  transfersAtOnce: 'Type the number of transfers, from 1 to 8',
  sessionRefreshSeconds: 'Type the refresh interval in seconds',
  blockingAlertSeconds: 'Type the alert threshold in seconds',
} as const;
type NumberField = keyof typeof NUMBER_FIELDS;

/** The draft of saved settings. */
export function draftOf(settings: Settings): SettingsDraft {
  return {
    closeToTray: settings.closeToTray,
    startAtLogin: settings.startAtLogin,
    keepAwakeWhileTransferring: settings.keepAwakeWhileTransferring,
    cloneUploadSources: settings.cloneUploadSources,
    partsInFlight: settings.partsInFlight,
    rangesInFlight: settings.rangesInFlight,
    bandwidthLimitMiBps: settings.bandwidthLimitMiBps,
    minSpeedKiBps: settings.minSpeedKiBps,
    minSpeedWindowSeconds: settings.minSpeedWindowSeconds,
    transfersAtOnce: settings.transfersAtOnce,
    sessionRefreshSeconds: settings.sessionRefreshSeconds,
    blockingAlertSeconds: settings.blockingAlertSeconds,
    proxyUrl: settings.proxyUrl ?? '',
    proxyPacUrl: settings.proxyPacUrl ?? '',
    monitorFailedJobs: settings.monitorFailedJobs,
    timeDisplay: settings.timeDisplay,
    clock: settings.clock,
    density: settings.density,
    copyValues: settings.copyValues,
    auditOnFailure: settings.auditOnFailure,
    updateMode: settings.updateMode,
    updateChannel: settings.updateChannel,
  };
}

/** A proxy or PAC URL as the patch carries it: blank means none (null). */
function proxyOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The change from `saved` to `draft`: only the fields that differ, so a save never writes
 * back a value that someone else changed meanwhile (the sessions view saves its own two).
 * An emptied number field is carried as null for {@link patchProblem} to refuse.
 */
export function patchOf(saved: Settings, draft: SettingsDraft): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of SWITCH_FIELDS) if (draft[key] !== saved[key]) patch[key] = draft[key];
  for (const key of CHOICE_FIELDS) if (draft[key] !== saved[key]) patch[key] = draft[key];
  for (const key of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    if (draft[key] !== saved[key]) patch[key] = draft[key];
  }
  const proxy = proxyOf(draft.proxyUrl);
  if (proxy !== (saved.proxyUrl ?? null)) patch['proxyUrl'] = proxy;
  const pac = proxyOf(draft.proxyPacUrl);
  if (pac !== (saved.proxyPacUrl ?? null)) patch['proxyPacUrl'] = pac;
  return patch;
}

/** The contract's message for one draft field, or undefined when it is valid. */
export function fieldProblem(key: keyof SettingsDraft, draft: SettingsDraft): string | undefined {
  if (key === 'proxyUrl')
    return zodMessage(SettingsPatchSchema.shape.proxyUrl, proxyOf(draft.proxyUrl));
  if (key === 'proxyPacUrl')
    return zodMessage(SettingsPatchSchema.shape.proxyPacUrl, proxyOf(draft.proxyPacUrl));
  if (isSwitch(key)) return zodMessage(SettingsPatchSchema.shape[key], draft[key]);
  if (isChoice(key)) return zodMessage(SettingsPatchSchema.shape[key], draft[key]);
  const value = draft[key];
  if (value === null) return NUMBER_FIELDS[key];
  return zodMessage(SettingsPatchSchema.shape[key], value);
}

/**
 * Checks the whole change against the contract before it is sent (main checks it again):
 * the typed patch, or the contract's first message.
 */
export function parsePatch(
  patch: Record<string, unknown>,
): { readonly patch: SettingsPatch } | { readonly problem: string } {
  const result = SettingsPatchSchema.safeParse(patch);
  if (result.success) return { patch: result.data };
  return { problem: result.error.issues[0]?.message ?? 'These settings are not valid' };
}

/**
 * Follows saved settings that changed elsewhere (the sessions view, another window, a save):
 * a field the user has not touched takes the new value; a field being edited keeps the typing.
 */
export function followSaved(draft: SettingsDraft, before: Settings, after: Settings): void {
  const was = draftOf(before);
  const now = draftOf(after);
  for (const key of DRAFT_FIELDS) {
    if (draft[key] === was[key]) (draft as Record<typeof key, unknown>)[key] = now[key];
  }
}
