import { access, constants, open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  SIGNATURE_BYTES,
  checkFileType,
  fileTypeFromName,
} from '../../../shared/contract/file-signature';
import { ImportDatabaseNameSchema } from '../../../shared/contract/primitives';
import { AppError } from '../../../shared/errors';
import { fileExtensionByType } from '../../../shared/contract/enums';
import {
  isFinalTransferState,
  type ImportPlan,
  type PlanImportInput,
  type StartExportInput,
  type StartImportInput,
  type TransferRecord,
} from '../../../shared/model/transfer';
import { readFileIdentity } from './file-identity';
import type { ExportJournal, ImportJournal, TransferJournal } from './journal-schema';
import { planParts, type PartPlanOptions } from './part-plan';

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

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function fileSize(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The file ${path} was not found. Choose the database file again.`,
    });
  }
  if (!info.isFile()) {
    throw new AppError({
      code: 'VALIDATION',
      message: `${path} is not a file. Choose an .mdf, .bak or .dacpac file.`,
    });
  }
  return info.size;
}

/**
 * How an import of the file would run: its type (from the extension unless given) checked
 * against its first bytes with the same checks as the service's emulator, and the part plan.
 * Does not throw for a type mismatch: `typeCheck` says what is wrong, for the UI to show.
 */
export async function planImportOf(
  input: PlanImportInput,
  partPlan: PartPlanOptions,
): Promise<ImportPlan & { sourcePath: string }> {
  const sourcePath = resolve(input.sourcePath);
  const sizeBytes = await fileSize(sourcePath);
  const fileType = input.fileType ?? fileTypeFromName(sourcePath);
  if (fileType === undefined) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'The file name does not end in .mdf, .bak or .dacpac; rename it or choose its type.',
    });
  }
  const plan = planParts(sizeBytes, partPlan);
  const typeCheck = checkFileType(fileType, await readHead(sourcePath));
  return { sourcePath, fileType, sizeBytes, ...plan, typeCheck };
}

/** The journal of a new import, with the source's identity read now. */
export async function newImportJournal(
  input: StartImportInput,
  plan: ImportPlan & { sourcePath: string },
  id: string,
  at: string,
): Promise<ImportJournal> {
  return {
    version: 1,
    id,
    kind: 'import',
    profileId: input.profileId,
    instanceName: input.instanceName,
    databaseName: input.databaseName,
    fileType: plan.fileType,
    status: 'active',
    phase: 'uploading',
    sourcePath: plan.sourcePath,
    source: await readFileIdentity(plan.sourcePath),
    mode: plan.mode,
    partSize: plan.partSize,
    partCount: plan.partCount,
    parts: {},
    ...(input.groupIds ? { groupIds: input.groupIds } : {}),
    createdAt: at,
    updatedAt: at,
  };
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
