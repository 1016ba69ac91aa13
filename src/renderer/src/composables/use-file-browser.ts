import { computed, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import type {
  HarnessFileDialog,
  HarnessFolderEntry,
  HarnessFolderListing,
} from '@shared/ipc/harness-files';
import {
  answerPaths,
  entryAction,
  pickInSelection,
  visibleEntries,
} from '@renderer/model/files/file-browser';
import { useHarnessFilesStore } from '../stores/harness-files-store';

/** What {@link useFileBrowser} answers. */
export interface FileBrowser {
  readonly dialog: ComputedRef<HarnessFileDialog | null>;
  readonly listing: Ref<HarnessFolderListing | undefined>;
  /** The entries the dialog lists (its filter applied). */
  readonly rows: ComputedRef<HarnessFolderEntry[]>;
  /** The picked files (a files dialog). */
  readonly selected: Ref<string[]>;
  /** The path field: the folder shown, or the file typed; the person may type any path. */
  readonly typed: Ref<string>;
  /** The last failure: what failed (`Open the folder`, `Choose`) and the error. */
  readonly problem: Ref<Problem>;
  readonly isLoading: Ref<boolean>;
  readonly isAnswering: Ref<boolean>;
  /** Lists the folder `path` names (a file's path: its folder, with the file picked). */
  go(path: string): Promise<void>;
  /** A click or Enter on an entry: opens a folder, picks a file. */
  activate(entry: HarnessFolderEntry): void;
  /** Answers the dialog with what is chosen. */
  confirm(): Promise<void>;
  /** Answers the dialog with nothing (cancelled). */
  cancel(): Promise<void>;
}

type Problem = { title: string; error: unknown } | undefined;

/** Answering the dialog: a failure is kept in `problem`, and the dialog stays open. */
function answering(
  store: ReturnType<typeof useHarnessFilesStore>,
  problem: Ref<Problem>,
): { isAnswering: Ref<boolean>; answer: (paths: string[]) => Promise<void> } {
  const isAnswering = ref(false);
  async function answer(paths: string[]): Promise<void> {
    isAnswering.value = true;
    problem.value = undefined;
    try {
      await store.answer(paths);
    } catch (caught) {
      problem.value = { title: paths.length > 0 ? 'Choose' : 'Cancel', error: caught };
    } finally {
      isAnswering.value = false;
    }
  }
  return { isAnswering, answer };
}

/** Listing folders: the folder shown, the path field, and the files a typed path picked. */
function browsing(
  store: ReturnType<typeof useHarnessFilesStore>,
  dialog: ComputedRef<HarnessFileDialog | null>,
  problem: Ref<Problem>,
): Pick<FileBrowser, 'listing' | 'selected' | 'typed' | 'isLoading' | 'go'> {
  const listing = shallowRef<HarnessFolderListing>();
  const selected = ref<string[]>([]);
  const typed = ref('');
  const isLoading = ref(false);
  /*
   * Only the newest listing asked for is shown: a path typed while the start folder is still
   * being listed must not be overwritten (its file unpicked) when that older answer comes last.
   */
  let newest = 0;

  async function go(path: string): Promise<void> {
    const asked = (newest += 1);
    isLoading.value = true;
    problem.value = undefined;
    try {
      const next = await store.list(path, listing.value?.path);
      if (asked !== newest) return;
      listing.value = next;
      const named = dialog.value?.kind === 'files' ? next.namedFile : null;
      selected.value = named ? [named] : [];
      typed.value = named ?? next.path;
    } catch (caught) {
      if (asked === newest) problem.value = { title: 'Open the folder', error: caught };
    } finally {
      if (asked === newest) isLoading.value = false;
    }
  }
  return { listing, selected, typed, isLoading, go };
}

/**
 * The state of the browser harness's file dialog (HarnessFileDialog.vue): the folder listed,
 * the path typed, the files picked. Each dialog main opens starts afresh in its start folder.
 * Call in setup.
 */
export function useFileBrowser(): FileBrowser {
  const store = useHarnessFilesStore();
  const dialog = computed(() => store.dialog);
  const problem = ref<Problem>();
  const { listing, selected, typed, isLoading, go } = browsing(store, dialog, problem);
  const { isAnswering, answer } = answering(store, problem);
  const rows = computed(() =>
    listing.value && dialog.value ? visibleEntries(listing.value.entries, dialog.value) : [],
  );

  function activate(entry: HarnessFolderEntry): void {
    const open = dialog.value;
    if (!open) return;
    const action = entryAction(entry, open);
    if (action === 'open') void go(entry.path);
    if (action === 'pick') {
      selected.value = pickInSelection(selected.value, entry.path, open.multiple);
    }
  }

  async function confirm(): Promise<void> {
    const open = dialog.value;
    if (!open) return;
    const paths = answerPaths(open, { selected: selected.value, folder: listing.value?.path });
    if (paths.length > 0) await answer(paths);
  }

  async function cancel(): Promise<void> {
    await answer([]);
    // Main no longer waits on it (answered elsewhere): there is nothing left to cancel.
    if (problem.value) store.forget();
  }

  watch(
    () => dialog.value?.dialogId,
    (id) => {
      listing.value = undefined;
      selected.value = [];
      problem.value = undefined;
      if (id && dialog.value) void go(dialog.value.startFolder);
    },
    { immediate: true },
  );

  const state = { dialog, listing, rows, selected, typed, problem, isLoading, isAnswering };
  return { ...state, go, activate, confirm, cancel };
}
