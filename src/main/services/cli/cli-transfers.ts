import { mkdir } from 'node:fs/promises';
import { fileExtensionByType } from '../../../shared/contract/enums';
import { AppError } from '../../../shared/errors';
import { isFinalTransferState, type TransferRecord } from '../../../shared/model/transfer';
import type { TransferService } from '../transfers/transfer-service';
import type { CliEngine } from './cli-engine';
import { EXIT, exitCodeOf } from './cli-exit-codes';
import type { CliOutput } from './cli-output';
import type { TransferCommand } from './cli-transfer-args';
import { findResumable, lockTransfer, type TransferIdentity } from './cli-transfer-resume';

/*
 * `import FILE` and `export` on the command line: the app's TransferService does the work
 * (plan, parts, journal, job, downloads); this module finds the transfer an earlier run of the
 * same command left unfinished and resumes it, follows the transfer while it prints progress,
 * and turns how it ended into a result and an exit code.
 */

type ImportCommand = Extract<TransferCommand, { kind: 'import' }>;
type ExportCommand = Extract<TransferCommand, { kind: 'export' }>;

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
      sourcePath: command.sourcePath,
      ...(command.groupIds ? { groupIds: command.groupIds } : {}),
    });
  // Without --wait the command ends once the upload is complete and the job has started.
  const jobStarted = (record: TransferRecord): boolean =>
    !command.wait && record.state === 'importing' && record.jobId !== undefined;
  return drive({ engine, out, identity, start, until: jobStarted, ...withSignal(signal) });
}

/** Runs `export ...`: the export job, then the download of every file; answers the exit code. */
export async function runExportCommand(
  command: ExportCommand,
  engine: CliEngine,
  out: CliOutput,
  signal?: AbortSignal,
): Promise<number> {
  const { service, profileId } = engine;
  await mkdir(command.destinationFolder, { recursive: true });
  const identity: TransferIdentity = {
    kind: 'export',
    profileId,
    instanceName: command.instanceName,
    databaseName: command.databaseName,
    fileType: fileExtensionByType[command.exportTo],
    path: command.destinationFolder,
  };
  const start = () =>
    service.startExport({
      profileId,
      instanceName: command.instanceName,
      databaseName: command.databaseName,
      exportTo: command.exportTo,
      detachOnly: command.detachOnly,
      destinationFolder: command.destinationFolder,
    });
  return drive({ engine, out, identity, start, until: () => false, ...withSignal(signal) });
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
async function drive(drive: Drive): Promise<number> {
  const { engine, out, identity } = drive;
  const { service } = engine;
  const release = await lockTransfer(engine.folder, identity);
  try {
    const found = findResumable(await service.listResumable(), identity);
    let record: TransferRecord;
    if (found) {
      out.note(`Resuming the ${identity.kind} started ${found.createdAt} (${progressOf(found)}).`);
      record = await service.resume(found.id);
    } else record = await drive.start();
    const end = await follow(service, record.id, drive);
    return await conclude(service, end, out);
  } finally {
    await release();
  }
}

function progressOf(record: TransferRecord): string {
  if (record.kind === 'import' && record.mode === 'multipart' && record.parts) {
    return `${record.parts.done} of ${record.parts.total} parts sent`;
  }
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

/** The exit code of how the transfer stopped, with its result or error printed. */
async function conclude(
  service: TransferService,
  record: TransferRecord,
  out: CliOutput,
): Promise<number> {
  const what = record.kind;
  if (record.state === 'done') {
    out.result(resultOf(record));
    return EXIT.ok;
  }
  if (record.state === 'paused') return pausedExit(record, out);
  if (record.state === 'failed') {
    // A failed transfer is not resumed: its journal goes, so the same command starts anew.
    await service.cancel(record.id);
    const code = record.error?.code ?? 'INTERNAL';
    const next =
      code === 'JOB_FAILED'
        ? `Check the database and the file, then run the command again to start a new ${what}.`
        : `Run the command again to start a new ${what}.`;
    return out.error(code, `${clean(record.error?.message)} ${next}`, exitCodeOf(code));
  }
  if (!isFinalTransferState(record.state)) {
    // The import job has started (without --wait): the service runs it on; the journal goes so
    // that the same command imports anew next time instead of following this job again.
    const stopped = await service.cancel(record.id);
    if (stopped.state !== 'done' && record.jobId !== undefined) {
      out.note(
        `The import job ${record.jobId} runs on the service; follow it with: npm run cli -- jobs wait --instanceName ${record.instanceName} --jobId ${record.jobId}`,
      );
    }
    out.result(resultOf({ ...record, state: stopped.state === 'done' ? 'done' : record.state }));
    return EXIT.ok;
  }
  return out.error('CANCELLED', `The ${what} was cancelled.`, EXIT.failed);
}

function pausedExit(record: TransferRecord, out: CliOutput): number {
  const resume = `The ${record.kind} waits in its journal: run the same command again to resume where it stopped.`;
  const error = record.error;
  if (record.pausedReason === 'network') {
    const why = clean(error?.message ?? 'The service could not be reached through the retries.');
    return out.error(error?.code ?? 'NETWORK', `${why} ${resume}`, EXIT.network);
  }
  if (record.pausedReason === 'auth-expired') {
    const why = clean(error?.message ?? 'The sign-in expired.');
    return out.error(
      error?.code ?? 'AUTH_EXPIRED',
      `${why} Check the API key or password, then run the same command again to resume.`,
      EXIT.auth,
    );
  }
  return out.error('CANCELLED', `Stopped. ${resume}`, EXIT.interrupted);
}

/** A message as the first sentence of a longer one: with its final full stop. */
function clean(message: string | undefined): string {
  const text = (message ?? 'The transfer failed.').trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What the command answers: the transfer, its job and files, without progress figures. */
function resultOf(record: TransferRecord): Record<string, unknown> {
  return {
    transferId: record.id,
    kind: record.kind,
    state: record.state,
    instanceName: record.instanceName,
    databaseName: record.databaseName,
    fileType: record.fileType,
    ...(record.sourcePath === undefined ? {} : { sourcePath: record.sourcePath }),
    ...(record.mode === undefined ? {} : { mode: record.mode }),
    bytes: record.totalBytes,
    ...(record.parts
      ? { parts: { total: record.parts.total, resent: record.parts.resent ?? 0 } }
      : {}),
    ...(record.jobId === undefined ? {} : { jobId: record.jobId }),
    ...(record.jobStatus === undefined ? {} : { jobStatus: record.jobStatus }),
    ...(record.destinationFolder === undefined
      ? {}
      : { destinationFolder: record.destinationFolder }),
    ...(record.files === undefined ? {} : { files: record.files }),
  };
}
