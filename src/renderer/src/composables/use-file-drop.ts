import { useMessage } from 'naive-ui';
import { ref, type Ref } from 'vue';
import { isAppError } from '@shared/errors';
import { fileNameOf } from '@shared/file-name';
import { useIpcClient, type IpcClient } from '../api/client';
import { useProfilesStore } from '../stores/profiles-store';
import { useTransfersStore, type ImportTarget } from '../stores/transfers-store';
import type { ViewRef } from '../model/navigation/view-ref';
import { asAppError, failureText } from '../api/app-error';
import { fileExtensionOf } from '../model/forms/import-proposal';

/*
 * DROP CONTRACT
 *
 * Any element can be a drop target for database files (`.bak`, `.mdf`, `.dacpac`): an
 * instance node or its Databases node in the tree, or the whole window while an instance (or
 * anything under it) is the current view. Dropping opens the import sheet
 * (components/transfers/ImportSheet.vue, mounted once in the frame by
 * components/activity/ActivityHost.vue) for that instance.
 *
 * ```vue
 * const drop = useFileDrop();            // in a component's setup (needs naive-ui's message)
 * const target = { profileId, instanceName };
 * <div :class="{ 'is-drop-target': drop.isDragOver.value }"
 *      @dragover="drop.onDragOver($event, target)"
 *      @dragleave="drop.onDragLeave($event)"
 *      @drop="drop.onDrop($event, target)">
 * ```
 * For the window: `dropTargetOf(navigation.current)` gives the target of the current view (or
 * undefined: then the drop is refused, with no sheet). A read-only profile refuses drops.
 * An "Import…" button calls `drop.chooseAndImport(target)` (a native file chooser).
 * The resource tree binds `useTreeDrop` (use-tree-drop.ts) instead: it finds the node under
 * the drag, and its drops never reach the window's handler.
 *
 * In the browser harness a dropped `File` has no local path. There, and only there, the
 * paths are asked of `dialog:chooseFiles`, which the harness answers from the queue a test
 * filled (POST /__harness/dialog { files: [...] }); each queued path must end with the dropped
 * file's name. Electron always gives the path (webUtils.getPathForFile through the preload).
 */

/** Where dropped files go: an instance of a profile. */
export type DropTarget = ImportTarget;

/** The extensions an import takes. */
const DATABASE_FILE_EXTENSIONS = ['bak', 'mdf', 'dacpac'] as const;

/** The drop target of a view: its instance, if it has one. */
export function dropTargetOf(view: ViewRef): DropTarget | undefined {
  return 'instanceName' in view
    ? { profileId: view.profileId, instanceName: view.instanceName }
    : undefined;
}

/** True when the drag carries files (not text or a tree node). */
export function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The local paths of dropped files. Electron knows each one; the harness asks its dialog
 * queue (see the contract above). Throws AppError-like errors with a readable message.
 */
export async function resolveDroppedPaths(client: IpcClient, files: File[]): Promise<string[]> {
  const known = files.map((file) => client.pathForFile(file));
  if (known.every((path): path is string => typeof path === 'string')) return known;
  if (client.shell !== 'harness') {
    const names = files.filter((_, i) => !known[i]).map((f) => f.name);
    throw new Error(
      `${names.join(', ')} has no local path (dragged from another app?). Save it to a folder first, or use Import… to choose it.`,
    );
  }
  const { paths } = await client.invoke('dialog:chooseFiles', {
    title: 'Locate the dropped files',
    multiple: true,
  });
  return files.map((file, index) => {
    const path = known[index] ?? paths.find((p) => fileNameOf(p) === file.name);
    if (!path) throw new Error(`The harness has no prepared path for ${file.name}.`);
    return path;
  });
}

/** What {@link useFileDrop} answers. */
export interface FileDrop {
  /** True while files are dragged over a target that takes them. */
  readonly isDragOver: Ref<boolean>;
  /** Bind to `dragover` (and `dragenter`): accepts the drag when the target takes files. */
  onDragOver(event: DragEvent, target: DropTarget | undefined): void;
  /** Bind to `dragleave`. */
  onDragLeave(event: DragEvent): void;
  /** Bind to `drop`: resolves the files' paths and opens the import sheet. */
  onDrop(event: DragEvent, target: DropTarget | undefined): Promise<void>;
  /** "Import…": a file chooser filtered to database files, then the import sheet. */
  chooseAndImport(target: DropTarget): Promise<void>;
}

/** The highlight of a drop target: on while files are dragged over one that takes them. */
function dragHover(
  takes: (target: DropTarget | undefined) => target is DropTarget,
): Pick<FileDrop, 'isDragOver' | 'onDragOver' | 'onDragLeave'> {
  const isDragOver = ref(false);
  return {
    isDragOver,
    onDragOver(event, target) {
      if (!carriesFiles(event) || !takes(target)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      isDragOver.value = true;
    },
    onDragLeave(event) {
      const inside = event.relatedTarget instanceof Node;
      const current = event.currentTarget;
      if (inside && current instanceof Node && current.contains(event.relatedTarget)) return;
      isDragOver.value = false;
    },
  };
}

/** Drag-and-drop (and "Import…") of database files onto an instance. See the contract above. */
export function useFileDrop(): FileDrop {
  const client = useIpcClient();
  const message = useMessage();
  const transfers = useTransfersStore();
  const profiles = useProfilesStore();
  const takes = (target: DropTarget | undefined): target is DropTarget =>
    target !== undefined && !profiles.isReadOnly(target.profileId);
  const hover = dragHover(takes);

  function propose(target: DropTarget, paths: string[]): void {
    const accepted = paths.filter((p) =>
      (DATABASE_FILE_EXTENSIONS as readonly string[]).includes(fileExtensionOf(p) ?? ''),
    );
    const ignored = paths.filter((p) => !accepted.includes(p)).map(fileNameOf);
    if (ignored.length > 0) {
      message.warning(`Not a .bak, .mdf or .dacpac file, left out: ${ignored.join(', ')}`);
    }
    if (accepted.length > 0) transfers.proposeImport(target, accepted);
  }

  async function onDrop(event: DragEvent, target: DropTarget | undefined): Promise<void> {
    hover.isDragOver.value = false;
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (!target) {
      message.info('Open an instance (or one of its views) first, then drop the files on it.');
      return;
    }
    if (!takes(target)) {
      message.warning('This connection is read-only, so imports are not allowed.');
      return;
    }
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0) return;
    try {
      propose(target, await resolveDroppedPaths(client, files));
    } catch (caught) {
      const text = isAppError(caught) || !(caught instanceof Error) ? undefined : caught.message;
      message.error(text ? `Import failed: ${text}` : failureText('Import', asAppError(caught)), {
        duration: 8000,
      });
    }
  }

  async function chooseAndImport(target: DropTarget): Promise<void> {
    try {
      const { paths } = await client.invoke('dialog:chooseFiles', {
        title: `Import into ${target.instanceName}`,
        multiple: true,
        filters: [{ name: 'Database files', extensions: [...DATABASE_FILE_EXTENSIONS] }],
      });
      if (paths.length > 0) propose(target, paths);
    } catch (caught) {
      message.error(failureText('Choose files', asAppError(caught)), { duration: 8000 });
    }
  }

  return { ...hover, onDrop, chooseAndImport };
}
