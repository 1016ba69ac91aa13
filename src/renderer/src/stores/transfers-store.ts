import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  TransferRecordSchema,
  isFinalTransferState,
  type ImportPlan,
  type StartArchiveDownloadInput,
  type StartExportInput,
  type StartImportInput,
  type TransferRecord,
} from '@shared/model/transfer';
import type { FileExtension } from '@shared/contract/enums';
import { useIpcClient } from '../api/client';
import { LocalHistory } from '../model/lists/local-history';

/** An instance that files are imported into. */
export interface ImportTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

/** A database that is exported. */
export interface ExportTarget extends ImportTarget {
  readonly databaseName: string;
}

/** Files waiting in the import sheet. `seq` changes on every proposal (re-opens the sheet). */
export interface ImportDraft {
  readonly seq: number;
  readonly target: ImportTarget;
  readonly paths: readonly string[];
}

/** How many finished transfers the panel remembers across restarts. */
const HISTORY_LIMIT = 200;

/**
 * Every transfer (imports and exports): this run's and the unfinished ones of earlier runs
 * from main (`transfers:list`, kept live by `transfers:onDidChange`), plus the finished ones
 * of earlier runs from a local history. Also the requests that open the import sheet and the
 * export dialog, so any view can start them:
 *
 * - `proposeImport(target, paths)`: the import sheet opens with those files;
 * - `proposeExport(database)`: the export dialog opens for that database.
 */
export const useTransfersStore = defineStore('transfers', () => {
  const client = useIpcClient();
  const history = new LocalHistory({
    key: 'databridge.activity.transfers.v1',
    schema: TransferRecordSchema,
    limit: HISTORY_LIMIT,
  });
  const byId = shallowRef(new Map<string, TransferRecord>());
  /** Unfinished transfers of an earlier run, offered for resumption at start-up. */
  const resumable = ref<TransferRecord[]>([]);
  const importDraft = shallowRef<ImportDraft>();
  const exportDraft = shallowRef<ExportTarget>();
  let seq = 0;
  /** The start-up offer is made once per page load. */
  let offeredAlready = false;

  function upsert(record: TransferRecord): TransferRecord {
    byId.value = new Map(byId.value).set(record.id, record);
    if (isFinalTransferState(record.state)) {
      resumable.value = resumable.value.filter((r) => r.id !== record.id);
      saveHistory();
    }
    return record;
  }

  function saveHistory(): void {
    history.write(
      [...byId.value.values()]
        .filter((r) => isFinalTransferState(r.state))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    );
  }

  client.on('transfers:onDidChange', (record) => upsert(record));

  /** Loads the history, main's transfers and the resumable ones. Throws AppError. */
  async function load(): Promise<void> {
    const next = new Map<string, TransferRecord>();
    for (const record of history.read()) next.set(record.id, record);
    const [live, offered] = await Promise.all([
      client.invoke('transfers:list'),
      client.invoke('transfers:listResumable'),
    ]);
    for (const record of [...offered, ...live]) next.set(record.id, record);
    byId.value = new Map([...next, ...byId.value]);
    if (offeredAlready) return;
    offeredAlready = true;
    // Paused ones (user, app quit, expired sign-in) wait for a click; the rest runs on its own.
    const seen = new Set<string>();
    resumable.value = [...offered, ...live].filter((record) => {
      if (record.state !== 'paused' || seen.has(record.id)) return false;
      seen.add(record.id);
      return true;
    });
  }

  /** Every transfer, newest first. */
  const all = computed(() =>
    [...byId.value.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  );
  const running = computed(() => all.value.filter((r) => !isFinalTransferState(r.state)));

  /** One transfer by id. */
  function byIdOf(id: string): TransferRecord | undefined {
    return byId.value.get(id);
  }

  /**
   * How an import of `sourcePath` would run (type check, size, parts), with the plan id that
   * {@link startImport} takes: main reads the file here, once. Throws AppError.
   */
  function planImport(
    profileId: string,
    sourcePath: string,
    fileType?: FileExtension,
  ): Promise<ImportPlan> {
    return client.invoke('transfers:planImport', {
      profileId,
      sourcePath,
      ...(fileType ? { fileType } : {}),
    });
  }

  /** Starts the import of a plan (its `planId`); the path does not cross again. Throws AppError. */
  async function startImport(input: StartImportInput): Promise<TransferRecord> {
    return upsert(await client.invoke('transfers:startImport', input));
  }

  /** Starts an export. Throws AppError. */
  async function startExport(input: StartExportInput): Promise<TransferRecord> {
    return upsert(await client.invoke('transfers:startExport', input));
  }

  /** Starts downloading an archive's files into a folder. Throws AppError. */
  async function startArchiveDownload(input: StartArchiveDownloadInput): Promise<TransferRecord> {
    return upsert(await client.invoke('transfers:startArchiveDownload', input));
  }

  const act =
    (channel: 'transfers:pause' | 'transfers:resume' | 'transfers:cancel' | 'transfers:retry') =>
    async (id: string): Promise<TransferRecord> => {
      const record = upsert(await client.invoke(channel, { id }));
      if (channel !== 'transfers:pause') {
        resumable.value = resumable.value.filter((r) => r.id !== id);
      }
      return record;
    };

  /** Moves a queued transfer one place up or down. Throws AppError. */
  async function moveInQueue(id: string, direction: 'up' | 'down'): Promise<TransferRecord> {
    return upsert(await client.invoke('transfers:moveInQueue', { id, direction }));
  }

  /** Starts a queued transfer now, past the limit of transfers at once. Throws AppError. */
  async function startNow(id: string): Promise<TransferRecord> {
    return upsert(await client.invoke('transfers:startNow', { id }));
  }

  /** Pauses, or resumes, every transfer. Throws AppError. */
  async function pauseAll(): Promise<void> {
    for (const record of await client.invoke('transfers:pauseAll')) upsert(record);
  }
  async function resumeAll(): Promise<void> {
    for (const record of await client.invoke('transfers:resumeAll')) upsert(record);
  }

  /** Removes a finished transfer from the list and the history. */
  function forget(id: string): void {
    const record = byId.value.get(id);
    if (!record || !isFinalTransferState(record.state)) return;
    const next = new Map(byId.value);
    next.delete(id);
    byId.value = next;
    saveHistory();
  }

  /** Asks the user for a folder (null when cancelled). Throws AppError. */
  async function chooseFolder(title: string): Promise<string | null> {
    const { path } = await client.invoke('dialog:chooseFolder', { title });
    return path;
  }

  /** Opens the folder an export or archive download wrote to. Throws AppError. */
  async function openFolder(record: TransferRecord): Promise<void> {
    const path = record.destinationFolder;
    if (path) await client.invoke('shell:openPath', { path });
  }

  /** Shows the first downloaded file in the file manager. Throws AppError. */
  async function showFile(record: TransferRecord): Promise<void> {
    const path = record.files?.[0] ?? record.destinationFolder;
    if (path) await client.invoke('shell:showItemInFolder', { path });
  }

  /** Starts dragging downloaded files out of the window (Electron). Throws AppError. */
  async function dragOut(record: TransferRecord): Promise<void> {
    const paths = record.files ?? [];
    if (paths.length > 0) await client.invoke('files:startDrag', { paths: paths.slice(0, 100) });
  }

  /** Whether this shell can drag files out (false in the browser harness). */
  const canDragOut = ref(false);
  void client
    .invoke('app:getInfo')
    .then((info) => (canDragOut.value = info.features.nativeDrag))
    .catch(() => undefined);

  /** Leaves the offered transfers paused (they stay in the panel). */
  function dismissResumable(): void {
    resumable.value = [];
  }

  /** Opens the import sheet with `paths` for `target`. */
  function proposeImport(target: ImportTarget, paths: readonly string[]): void {
    seq += 1;
    importDraft.value = { seq, target, paths: [...paths] };
  }

  /** Opens the export dialog for a database. */
  function proposeExport(target: ExportTarget): void {
    exportDraft.value = { ...target };
  }

  return {
    byId,
    all,
    running,
    resumable,
    importDraft,
    exportDraft,
    load,
    byIdOf,
    planImport,
    startImport,
    startExport,
    startArchiveDownload,
    pause: act('transfers:pause'),
    resume: act('transfers:resume'),
    cancel: act('transfers:cancel'),
    retry: act('transfers:retry'),
    moveInQueue,
    startNow,
    pauseAll,
    resumeAll,
    forget,
    chooseFolder,
    openFolder,
    showFile,
    dragOut,
    canDragOut,
    dismissResumable,
    proposeImport,
    proposeExport,
  };
});
