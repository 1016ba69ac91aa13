import { z } from 'zod';
import { defineChannel, NoInputSchema, NoOutputSchema } from './channel';

/*
 * The browser harness's file browser (the harness only: Electron has native dialogs and
 * neither registers nor allows these names). It travels on the harness's own socket, beside
 * the app's contract, and stands in for the open and folder dialogs: main opens a dialog, the
 * page shows it, lists folders through the harness and answers the dialog it was given. The
 * answer goes back through the app's `dialog:*` handler, which records it as it records a
 * native dialog's (PathProvenance), so no other channel takes a path from the page.
 */

const PathSchema = z
  .string()
  .min(1, { error: 'A path is required' })
  .max(4096, { error: 'The path is too long' });

/** A file dialog that main opened and waits on. */
const HarnessFileDialogSchema = z.object({
  /** Unguessable, one per dialog: an answer names the dialog it answers. */
  dialogId: z.string(),
  /** `files`: choose one or more files to read; `folder`: choose a folder to write into. */
  kind: z.enum(['files', 'folder']),
  title: z.string(),
  multiple: z.boolean(),
  /** The file extensions shown (without the dot); empty: every file. */
  extensions: z.array(z.string()),
  /** Where the browser opens: the folder of the last answer, else the first root. */
  startFolder: z.string(),
});
export type HarnessFileDialog = z.infer<typeof HarnessFileDialogSchema>;

/** One entry of a folder. */
const HarnessFolderEntrySchema = z.object({
  name: z.string(),
  /** The entry's absolute path, as main will read it. */
  path: z.string(),
  kind: z.enum(['folder', 'file']),
  /** Bytes, for a file. */
  sizeBytes: z.number().nonnegative().nullable(),
  /** ISO time of the last modification. */
  modifiedAt: z.string(),
});
export type HarnessFolderEntry = z.infer<typeof HarnessFolderEntrySchema>;

/** A folder's entries: folders first, then files, each by name; hidden entries left out. */
const HarnessFolderListingSchema = z.object({
  path: z.string(),
  /** The folder above, or null at one of the roots (the browser stays under them). */
  parent: z.string().nullable(),
  entries: z.array(HarnessFolderEntrySchema),
  /** True when the folder held more entries than are listed. */
  isTruncated: z.boolean(),
  /** The file the typed path named, when it named a file (its folder is listed). */
  namedFile: z.string().nullable(),
});
export type HarnessFolderListing = z.infer<typeof HarnessFolderListingSchema>;

/** The harness's file browser: whether it is on, where it may look, the dialog open now. */
const HarnessFilesStateSchema = z.object({
  isEnabled: z.boolean(),
  roots: z.array(z.string()),
  dialog: HarnessFileDialogSchema.nullable(),
});
export type HarnessFilesState = z.infer<typeof HarnessFilesStateSchema>;

/** The channels of the file browser, on the harness socket only. */
export const harnessFileChannels = {
  'harnessFiles:getState': defineChannel({
    input: NoInputSchema,
    output: HarnessFilesStateSchema,
    summary: 'Whether the file browser is on, its roots and the dialog open now',
  }),
  'harnessFiles:list': defineChannel({
    input: z.strictObject({
      /** A typed path: absolute, `~/…`, or relative to `from`. */
      path: PathSchema,
      from: PathSchema.optional(),
    }),
    output: HarnessFolderListingSchema,
    summary: 'The entries of a folder under the roots (a file path lists its folder)',
  }),
  'harnessFiles:answer': defineChannel({
    input: z.strictObject({
      dialogId: z.string().min(1).max(100),
      /** The chosen files, or the one chosen folder; empty: cancelled. */
      paths: z.array(PathSchema).max(100),
    }),
    output: NoOutputSchema,
    summary: 'Answer the open file dialog (empty: cancel it)',
  }),
} as const;

/** A channel of the file browser. */
export type HarnessFilesChannel = keyof typeof harnessFileChannels;
/** What a caller passes to channel `C`. */
export type HarnessFilesInput<C extends HarnessFilesChannel> = z.input<
  (typeof harnessFileChannels)[C]['input']
>;
/** What channel `C` answers. */
export type HarnessFilesOutput<C extends HarnessFilesChannel> = z.output<
  (typeof harnessFileChannels)[C]['output']
>;

/** True when `value` names a channel of the file browser. */
export function isHarnessFilesChannel(value: unknown): value is HarnessFilesChannel {
  return typeof value === 'string' && Object.hasOwn(harnessFileChannels, value);
}

/** The event that says a dialog opened or closed (payload {@link HarnessDialogChangeSchema}). */
export const HARNESS_DIALOG_EVENT = 'harnessFiles:onDidChangeDialog';

/** The payload of {@link HARNESS_DIALOG_EVENT}: the dialog open now, or null. */
export const HarnessDialogChangeSchema = z.object({ dialog: HarnessFileDialogSchema.nullable() });
export type HarnessDialogChange = z.infer<typeof HarnessDialogChangeSchema>;
