import type { TransferRecord } from '../../src/shared/model/transfer';
import type { TransferService } from '../../src/main/services/transfers/transfer-service';

/** An import as the tests name it: the file's path, where it goes, and optional type and groups. */
export interface ImportOfFile {
  profileId: string;
  instanceName: string;
  databaseName: string;
  sourcePath: string;
  fileType?: 'mdf' | 'bak' | 'dacpac';
  groupIds?: string[];
}

/**
 * Plans the import of a file, then starts that plan, as the window and the command line do
 * (`planImport` answers the plan id `startImport` takes).
 */
export async function importFile(
  service: Pick<TransferService, 'planImport' | 'startImport'>,
  input: ImportOfFile,
): Promise<TransferRecord> {
  const { sourcePath, fileType, groupIds, ...target } = input;
  const plan = await service.planImport({
    profileId: input.profileId,
    sourcePath,
    ...(fileType ? { fileType } : {}),
  });
  return service.startImport({ ...target, planId: plan.planId, ...(groupIds ? { groupIds } : {}) });
}
