import { z } from 'zod';
import { PolicyStateSchema, SETTING_SOURCES } from '../model/policy';
import { SettingsPatchSchema, SettingsSchema } from '../model/settings';
import { defineChannel, NoInputSchema, NoOutputSchema } from './channel';

/** Which shell hosts the renderer; the browser harness lacks the native-only features. */
const AppShellKindSchema = z.enum(['electron', 'harness']);
export type AppShellKind = z.infer<typeof AppShellKindSchema>;

/** What the app is and which native features this shell has. */
const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** What runs the app (the About box): Electron and its Chromium (null in the harness), Node. */
  versions: z.object({
    electron: z.string().nullable(),
    chromium: z.string().nullable(),
    node: z.string(),
  }),
  shell: AppShellKindSchema,
  features: z.object({
    /** A tray icon with running transfers and jobs. */
    tray: z.boolean(),
    /** Dragging a finished export out of the app onto the desktop. */
    nativeDrag: z.boolean(),
    /** Native notifications when a transfer or job ends. */
    notifications: z.boolean(),
    /**
     * Chromium's sandbox is on (the process was not started with `--no-sandbox`). The
     * installer checks require it; the browser harness answers false.
     */
    sandbox: z.boolean(),
  }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const PathSchema = z
  .string()
  .min(1, { error: 'A path is required' })
  .max(4096, { error: 'The path is too long' });

const FileFilterSchema = z.strictObject({
  name: z.string().min(1).max(100),
  /** Extensions without the dot, e.g. `bak`; `*` for all files. */
  extensions: z
    .array(z.string().regex(/^(\*|[A-Za-z0-9]{1,10})$/))
    .min(1)
    .max(20),
});

/** App, settings, dialogs, shell and drag channels. */
export const appChannels = {
  'app:getInfo': defineChannel({
    input: NoInputSchema,
    output: AppInfoSchema,
    summary: 'Name, version, platform, shell and native features of the app',
  }),
  'app:rendererReady': defineChannel({
    input: NoInputSchema,
    output: NoOutputSchema,
    summary: 'The renderer listens: flush the events queued while it loaded',
  }),
  'settings:get': defineChannel({
    input: NoInputSchema,
    output: SettingsSchema,
    summary: 'The current settings',
  }),
  'settings:update': defineChannel({
    input: SettingsPatchSchema,
    output: SettingsSchema,
    summary: 'Change some settings and answer all of them',
  }),
  'settings:getPolicy': defineChannel({
    input: NoInputSchema,
    output: z.object({
      /** The machine policy: absent, in force, or invalid (ignored) with its problems. */
      policy: PolicyStateSchema,
      /** Where each setting in force comes from: `locked`, `user`, `policyDefault`, `builtIn`. */
      sources: z.record(z.string(), z.enum(SETTING_SOURCES)),
    }),
    summary: "The machine policy and where each setting's value comes from",
  }),
  'dialog:chooseFiles': defineChannel({
    input: z
      .strictObject({
        title: z.string().max(200).optional(),
        filters: z.array(FileFilterSchema).max(10).optional(),
        multiple: z.boolean().optional(),
      })
      .optional(),
    output: z.object({ paths: z.array(z.string()) }),
    summary: 'Ask the user for files to open (empty when cancelled)',
  }),
  'dialog:chooseFolder': defineChannel({
    input: z
      .strictObject({ title: z.string().max(200).optional(), defaultPath: PathSchema.optional() })
      .optional(),
    output: z.object({ path: z.string().nullable() }),
    summary: 'Ask the user for a folder (null when cancelled)',
  }),
  'shell:openPath': defineChannel({
    input: z.strictObject({ path: PathSchema }),
    output: NoOutputSchema,
    summary: 'Open a file or folder the app chose or wrote, with the default application',
  }),
  'shell:showItemInFolder': defineChannel({
    input: z.strictObject({ path: PathSchema }),
    output: NoOutputSchema,
    summary: 'Show a file in the file manager',
  }),
  'shell:openExternal': defineChannel({
    input: z.strictObject({ url: z.string().max(2048) }),
    output: NoOutputSchema,
    summary: 'Open an https link of an allowed site in the browser',
  }),
  'files:startDrag': defineChannel({
    input: z.strictObject({ paths: z.array(PathSchema).min(1).max(100) }),
    output: NoOutputSchema,
    summary: 'Start dragging files the app wrote out of the window (Electron only)',
  }),
  'diagnostics:chooseFile': defineChannel({
    input: NoInputSchema,
    output: z.object({ file: z.string().nullable() }),
    summary: 'Ask where to save the diagnostics bundle (null when cancelled)',
  }),
  'diagnostics:save': defineChannel({
    input: z.strictObject({ file: PathSchema }),
    output: z.object({ file: z.string(), summary: z.string() }),
    summary: 'Write the diagnostics bundle (no secret in it) to the file just chosen',
  }),
} as const;
