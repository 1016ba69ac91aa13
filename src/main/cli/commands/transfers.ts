import { mkdir } from 'node:fs/promises';
import { fileExtensionByType } from '../../../shared/contract/enums';
import { AppError } from '../../../shared/errors';
import { isFinalTransferState, type TransferRecord } from '../../../shared/model/transfer';
import type { TransferService } from '../../services/transfers/transfer-service';
import type { CliEngine } from './engine';
import type { CliOutput } from '../output/transfer-output';
import type { TransferCommand } from '../args/transfer-args';
import { conclude, transferNoun } from '../output/transfer-outcome';
import { findResumable, lockTransfer, type TransferIdentity } from './transfer-resume';

/*
 * `import FILE`, `export` and `archives download` on the command line: the app's
 * TransferService does the work (plan, parts, journal, job, downloads); this module finds the
 * transfer an earlier run of the same command left unfinished and resumes it, and follows the
 * transfer while it prints progress until it stops (see output/transfer-outcome.ts for the end).
 */

type ImportCommand = Extract<TransferCommand, { kind: 'import' }>;
type ExportCommand = Extract<TransferCommand, { kind: 'export' }>;
type ArchivesDownloadCommand = Extract<TransferCommand, { kind: 'archivesDownload' }>;

/** How long between two looks at the transfer besides its events (also keeps Node alive). */
const POLL_MS = 200;

/** Runs `import FILE ...`; answers the exit code. */
export async function runImportCommand(
  command: ImportCommand,
  engine: CliEngine,
  out: CliOutput,
  signal?: AbortSignal,
): Promise<number> {
  const { service, profileId } = engine;
  const plan = await service.planImport({ profileId, sourcePath: command.sourcePath });
  if (!plan.typeCheck.ok)
    throw new AppError({ code: 'VALIDATION', message: plan.typeCheck.message });
  const identity: TransferIdentity = {
    kind: 'import',
    profileId,
    instanceName: command.instanceName,
    databaseName: command.databaseName,
    fileType: plan.fileType,
    path: command.sourcePath,
  };
  const start = () =>
    service.startImport({
      profileId,
      instanceName: command.instanceName,
      databaseName: command.databaseName,
      planId: plan.planId,
      ...(command.groupIds ? { groupIds: command.groupIds } : {}),
    });
  // Without --wait the command ends once the upload is complete and the job has started.
  const jobStarted = (record: TransferRecord): boolean =>
    !command.wait && record.state === 'importing' && record.jobId !== undefined;
  return run({ engine, out, identity, start, until: jobStarted, ...withSignal(signal) });
}

/** Runs `export ...`: the export job, then the download of every file; answers the exit code. */
export function runExportCommand(
  command: ExportCommand,
  engine: CliEngine,
  out: CliOutput,
  signal?: AbortSignal,
): Promise<number> {
  const { service, profileId } = engine;
  const { instanceName, databaseName, destinationFolder } = command;
  const identity: TransferIdentity = {
    kind: 'export',
    profileId,
    instanceName,
    databaseName,
    fileType: fileExtensionByType[command.exportTo],
    path: destinationFolder,
  };
  const start = () =>
    service.startExport({
      profileId,
      instanceName,
      databaseName,
      exportTo: command.exportTo,
      detachOnly: command.detachOnly,
      destinationFolder,
    });
  return download({ engine, out, identity, start, ...withSignal(signal) });
}

/** Runs `archives download ...`: every file of the archive into the folder; the exit code. */
export function runArchivesDownloadCommand(
  command: ArchivesDownloadCommand,
  engine: CliEngine,
  out: CliOutput,
  signal?: AbortSignal,
): Promise<number> {
  const { service, profileId } = engine;
  const { instanceName, archiveId, destinationFolder } = command;
  const identity: TransferIdentity = {
    kind: 'archive',
    profileId,
    instanceName,
    archiveId,
    path: destinationFolder,
  };
  const start = () =>
    service.startArchiveDownload({ profileId, instanceName, archiveId, destinationFolder });
  return download({ engine, out, identity, start, ...withSignal(signal) });
}

/** A download into a folder (made if missing) runs until the transfer stops. */
async function download(drive: Omit<Drive, 'until'>): Promise<number> {
  await mkdir(drive.identity.path, { recursive: true });
  return run({ ...drive, until: () => false });
}

function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

interface Drive {
  readonly engine: CliEngine;
  readonly out: CliOutput;
  readonly identity: TransferIdentity;
  readonly start: () => Promise<TransferRecord>;
  /** Where the command stops before the transfer ends (the import job started, without --wait). */
  readonly until: (record: TransferRecord) => boolean;
  readonly signal?: AbortSignal;
}

/**
 * Under the lock of the command's identity: resumes the unfinished transfer of the same
 * command if the journals hold one, else starts a new one; follows it; concludes.
 */
async function run(drive: Drive): Promise<number> {
  const { engine, out, identity } = drive;
  const { service } = engine;
  const release = await lockTransfer(engine.folder, identity);
  try {
    const found = findResumable(await service.listResumable(), identity);
    // A journal that could not be read is said on stderr, not only in --verbose's log: what
    // it held (an upload's parts) is lost, and this run may be starting that transfer over.
    for (const damaged of service.damagedJournals()) out.note(damaged.message);
    let record: TransferRecord;
    if (found) {
      const what = transferNoun(identity.kind);
      out.note(`Resuming the ${what} started ${found.createdAt} (${progressOf(found)}).`);
      record = await service.resume(found.id);
    } else record = await drive.start();
    const end = await follow(service, record.id, drive);
    return await conclude(service, end, out);
  } finally {
    await release();
  }
}

/** Where a transfer read from its journal stands, as far as the journal knows. */
function progressOf(record: TransferRecord): string {
  if (record.kind === 'import' && record.mode === 'multipart' && record.parts) {
    return `${record.parts.done} of ${record.parts.total} parts sent`;
  }
  if (record.kind === 'archive') return `archive ${record.databaseName}`;
  return record.jobId === undefined ? `${record.state}` : `job ${record.jobId}`;
}

/** True when the transfer's run has stopped: ended, or paused (the network, the sign-in, Ctrl+C). */
function stopped(record: TransferRecord): boolean {
  return isFinalTransferState(record.state) || record.state === 'paused';
}

/**
 * Shows the transfer's progress until it stops or `until` holds. Ctrl+C (the signal) pauses it
 * in its journal. The engine's own timers do not keep Node running; the poll timer does.
 */
function follow(service: TransferService, id: string, drive: Drive): Promise<TransferRecord> {
  const { out, until, signal } = drive;
  return new Promise((resolve) => {
    // Progress is shown per event (the engine sends at most one per 250 ms); the poll only
    // notices an end whose event came before this listened.
    const look = (record: TransferRecord, show: boolean): void => {
      if (record.id !== id) return;
      if (show) out.progress.transfer(record);
      if (stopped(record) || until(record)) finish(record);
    };
    const unsubscribe = service.onDidChange((record) => look(record, true));
    const timer = setInterval(() => look(service.get(id), false), POLL_MS);
    const onAbort = (): void => void service.pause(id).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (record: TransferRecord): void => {
      unsubscribe();
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(record);
    };
    if (signal?.aborted) onAbort();
    look(service.get(id), true);
  });
}
