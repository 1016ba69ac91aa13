import { access, constants, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { ImportDatabaseNameSchema } from '../../../shared/contract/primitives';
import { AppError } from '../../../shared/errors';
import { fileExtensionByType } from '../../../shared/contract/enums';
import {
  isFinalTransferState,
  type StartExportInput,
  type StartImportInput,
  type TransferRecord,
} from '../../../shared/model/transfer';
import type { ExportJournal, TransferJournal } from './journal-schema';

/**
 * Parses `input` with `schema`, or throws VALIDATION with the first problem's message (as
 * `Could not <operation>: <problem>.` when `operation` is given).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  operation?: string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? 'The transfer request is not valid.';
  throw new AppError({
    code: 'VALIDATION',
    message: operation ? `Could not ${operation}: ${problem.replace(/\.$/, '')}.` : problem,
  });
}

/** Throws VALIDATION unless `name` is a database name the import endpoints accept. */
export function checkImportDatabaseName(name: string): void {
  parseInput(ImportDatabaseNameSchema, name);
}

/** The journal of a new export into `folder` (already checked). */
export function newExportJournal(
  input: StartExportInput,
  folder: string,
  id: string,
  at: string,
): ExportJournal {
  return {
    version: 1,
    id,
    kind: 'export',
    profileId: input.profileId,
    instanceName: input.instanceName,
    databaseName: input.databaseName,
    fileType: fileExtensionByType[input.exportTo],
    status: 'active',
    phase: 'exporting',
    exportTo: input.exportTo,
    detachOnly: input.detachOnly ?? false,
    destinationFolder: folder,
    files: [],
    createdAt: at,
    updatedAt: at,
  };
}

/** Throws VALIDATION unless `folder` is an existing folder this process may write to. */
export async function checkFolder(folder: string): Promise<void> {
  try {
    if (!(await stat(folder)).isDirectory()) throw new Error('not a folder');
    await access(folder, constants.W_OK);
  } catch {
    throw new AppError({
      code: 'VALIDATION',
      message: `The folder ${folder} does not exist or cannot be written to; choose another folder.`,
    });
  }
}

/**
 * Throws CONFLICT when an unfinished import of the same file type to the same database is in
 * the list: the service imports the last upload of that name and type, so two would mix.
 */
export function assertNoTwinImport(
  transfers: Iterable<{ journal: TransferJournal; record: TransferRecord }>,
  input: StartImportInput,
  fileType: string,
): void {
  const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
  for (const { journal: j, record } of transfers) {
    if (
      j.kind === 'import' &&
      !isFinalTransferState(record.state) &&
      j.profileId === input.profileId &&
      same(j.instanceName, input.instanceName) &&
      same(j.databaseName, input.databaseName) &&
      j.fileType === fileType
    ) {
      throw new AppError({
        code: 'CONFLICT',
        message: `An import of ${j.databaseName} (${fileType.toUpperCase()}) to ${j.instanceName} is already in the list; cancel it or wait for it to finish.`,
      });
    }
  }
}
