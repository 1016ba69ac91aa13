import {
  isFinalTransferState,
  type TransferKind,
  type TransferRecord,
} from '../../../shared/model/transfer';
import type { TransferService } from '../../services/transfers/transfer-service';
import { EXIT, exitCodeOf } from './exit-codes';
import type { CliOutput } from './transfer-output';
import { transferIdentityJson } from './progress';

/*
 * How a transfer command ends: the transfer's state when its run stopped becomes the result
 * printed and the exit code, and a failed transfer's journal goes (the same command then
 * starts anew) while a paused one stays (the same command resumes it), a full disk's too.
 */

/** What a kind of transfer is called in messages: `import`, `export`, `archive download`. */
export function transferNoun(kind: TransferKind): string {
  return kind === 'archive' ? 'archive download' : kind;
}

/** The exit code of how the transfer stopped, with its result or error printed. */
export async function conclude(
  service: TransferService,
  record: TransferRecord,
  out: CliOutput,
): Promise<number> {
  const what = transferNoun(record.kind);
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
        `The import job ${record.jobId} runs on the service; follow it with: databridge jobs wait --instanceName ${record.instanceName} --jobId ${record.jobId}`,
      );
    }
    out.result(resultOf({ ...record, state: stopped.state === 'done' ? 'done' : record.state }));
    return EXIT.ok;
  }
  return out.error('CANCELLED', `The ${what} was cancelled.`, EXIT.failed);
}

function pausedExit(record: TransferRecord, out: CliOutput): number {
  // With the command line that resumes it, which CliOutput prints on the next line.
  const end = out.resumeLine === undefined ? '.' : ':';
  const resume = `The ${transferNoun(record.kind)} waits in its journal: run the same command again to resume where it stopped${end}`;
  const error = record.error;
  if (record.pausedReason === 'network') {
    const why = clean(error?.message ?? 'The service could not be reached through the retries.');
    return out.error(error?.code ?? 'NETWORK', `${why} ${resume}`, EXIT.network, true);
  }
  if (record.pausedReason === 'auth-expired') {
    const why = clean(error?.message ?? 'The sign-in expired.');
    return out.error(
      error?.code ?? 'AUTH_EXPIRED',
      `${why} Check the API key or password, then run the same command again to resume${end}`,
      EXIT.auth,
      true,
    );
  }
  if (record.pausedReason === 'disk-full') {
    const why = clean(error?.message ?? 'A disk is full.');
    return out.error(error?.code ?? 'DISK_FULL', `${why} ${resume}`, EXIT.failed, true);
  }
  return out.error('CANCELLED', `Stopped. ${resume}`, EXIT.interrupted, true);
}

/** A message as the first sentence of a longer one: with its final full stop. */
function clean(message: string | undefined): string {
  const text = (message ?? 'The transfer failed.').trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What the command answers: the transfer, its job and files, without progress figures. */
function resultOf(record: TransferRecord): Record<string, unknown> {
  return {
    ...transferIdentityJson(record),
    fileType: record.fileType,
    ...(record.sourcePath === undefined ? {} : { sourcePath: record.sourcePath }),
    ...(record.mode === undefined ? {} : { mode: record.mode }),
    bytes: record.totalBytes,
    ...(record.parts
      ? { parts: { total: record.parts.total, resent: record.parts.resent ?? 0 } }
      : {}),
    ...(record.archiveId === undefined ? {} : { archiveId: record.archiveId }),
    ...(record.jobId === undefined ? {} : { jobId: record.jobId }),
    ...(record.jobStatus === undefined ? {} : { jobStatus: record.jobStatus }),
    ...(record.destinationFolder === undefined
      ? {}
      : { destinationFolder: record.destinationFolder }),
    ...(record.files === undefined ? {} : { files: record.files }),
  };
}
