import type { TransferRecord } from '@shared/model/transfer';
import type { AllJobRow } from './all-jobs';

/**
 * The transfer whose failed job `row` is, when the app can run the job again: the app keeps
 * the inputs of the imports and exports it started (the file, the database, the file type,
 * the folder) in the transfer's journal, and `transfers:retry` sends the import or export
 * again as a new job. No other job keeps its inputs (the service's job list does not carry
 * them, and the other actions record only a label), so only those are offered.
 */
export function rerunnableTransfer(
  row: Pick<AllJobRow, 'id' | 'status' | 'profileId' | 'instanceName'>,
  transfers: Iterable<TransferRecord>,
): TransferRecord | undefined {
  if (row.status !== 'Failed') return undefined;
  for (const transfer of transfers) {
    if (transfer.kind === 'archive' || transfer.state !== 'failed') continue;
    if (transfer.jobId !== row.id) continue;
    if (transfer.profileId !== row.profileId || transfer.instanceName !== row.instanceName)
      continue;
    return transfer;
  }
  return undefined;
}
