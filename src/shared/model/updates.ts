import { z } from 'zod';

/*
 * Updates of the desktop app: how they are taken (a setting the machine policy may default or
 * lock), and what the updater is doing, as main reports it to the window (the About box).
 * The decisions live in `src/main/services/updates/`; the Electron glue in
 * `src/main/platform/updater.ts`.
 */

/**
 * How updates are taken: `auto` (checked at start and daily, downloaded in the background,
 * installed on quit), `manual` (checked only when the user asks, then the same), `off`.
 */
export const UpdateModeSchema = z.enum(['auto', 'manual', 'off']);
export type UpdateMode = z.infer<typeof UpdateModeSchema>;

/** Which releases are offered: `stable` ones, or `beta` (pre-releases too). */
export const UpdateChannelSchema = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannelSchema>;

/**
 * Why this copy of the app does not update itself: the user turned updates off (`setting`),
 * the organisation did (`policy`), it was installed by a package the system's package manager
 * updates (`package`: deb, rpm), it runs from a source checkout (`source`), it is a portable
 * copy (`portable`), or this system has no updater yet (`unsupported`).
 */
const UpdateOffReasonSchema = z.enum([
  'setting',
  'policy',
  'package',
  'source',
  'portable',
  'unsupported',
]);
export type UpdateOffReason = z.infer<typeof UpdateOffReasonSchema>;

/** A version as a release names it (`1.4.2`, `1.5.0-beta.1`). */
const VersionSchema = z.string().min(1).max(64);

/** What the updater is doing now. Every `message` is a sentence the window shows as it is. */
const UpdateStateSchema = z.discriminatedUnion('status', [
  /** Nothing running; `note` says why a version found was not taken (a pin, a downgrade). */
  z.object({ status: z.literal('idle'), note: z.string().optional() }),
  z.object({ status: z.literal('checking') }),
  z.object({ status: z.literal('available'), version: VersionSchema }),
  z.object({
    status: z.literal('downloading'),
    version: VersionSchema,
    /** 0 to 100. */
    percent: z.number().min(0).max(100),
  }),
  /**
   * Downloaded and verified (its SHA-512 matched the release's). It installs when the app
   * quits; `waitingFor` says why it would not now (a transfer runs, a job is followed).
   */
  z.object({
    status: z.literal('downloaded'),
    version: VersionSchema,
    waitingFor: z.string().optional(),
  }),
  z.object({ status: z.literal('error'), message: z.string() }),
  z.object({ status: z.literal('disabled'), reason: UpdateOffReasonSchema, message: z.string() }),
]);
export type UpdateState = z.infer<typeof UpdateStateSchema>;

/** The updater as the About box shows it. */
export const UpdateStatusSchema = z.object({
  mode: UpdateModeSchema,
  channel: UpdateChannelSchema,
  /** Where releases come from: GitHub, or the organisation's mirror (its URL). */
  feed: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('github') }),
    z.object({ kind: z.literal('mirror'), url: z.string() }),
  ]),
  /** The only version the organisation's policy lets this app install, if it pins one. */
  pinVersion: z.string().optional(),
  /** The end of the last check (ISO 8601, kept across restarts), or null when none ever ran. */
  lastCheckAt: z.string().nullable(),
  state: UpdateStateSchema,
});
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;
