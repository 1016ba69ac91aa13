import { reactive } from 'vue';
import type { FileExtension } from '@shared/contract/enums';
import type { ImportPlan } from '@shared/model/transfer';
import { fileNameOf } from '@shared/file-name';
import { asAppError } from '@renderer/api/app-error';
import {
  fileExtensionOf,
  importNameProblem,
  nameExists,
  proposeDatabaseName,
} from '@renderer/model/forms/import-proposal';

/** One file of the import sheet, as the user edits it. */
export interface ImportRow {
  readonly path: string;
  readonly fileName: string;
  databaseName: string;
  fileType: FileExtension;
  plan: ImportPlan | undefined;
  planError: string | undefined;
  isPlanning: boolean;
  /** The failure of its start, kept on the row so the others can go. */
  startError: string | undefined;
}

/** A row for a dropped or chosen file, with the proposed name and type. */
export function newImportRow(path: string): ImportRow {
  return reactive({
    path,
    fileName: fileNameOf(path),
    databaseName: proposeDatabaseName(path),
    fileType: fileExtensionOf(path) ?? 'bak',
    plan: undefined,
    planError: undefined,
    isPlanning: false,
    startError: undefined,
  });
}

/** Asks main how the row's file would import (size, type check, parts). Never throws. */
export async function planRow(
  row: ImportRow,
  plan: (path: string, type: FileExtension) => Promise<ImportPlan>,
): Promise<void> {
  row.isPlanning = true;
  row.planError = undefined;
  try {
    row.plan = await plan(row.path, row.fileType);
  } catch (caught) {
    row.plan = undefined;
    row.planError = asAppError(caught).message;
  } finally {
    row.isPlanning = false;
  }
}

/** What is wrong with a row's name: the pattern, a twin in the sheet; undefined when fine. */
export function rowNameProblem(row: ImportRow, rows: readonly ImportRow[]): string | undefined {
  const pattern = importNameProblem(row.databaseName);
  if (pattern) return pattern;
  const twins = rows.filter(
    (other) => other !== row && other.databaseName.toLowerCase() === row.databaseName.toLowerCase(),
  );
  return twins.length > 0 ? 'Another file of this import has the same database name' : undefined;
}

/** A warning (not a blocker) when the database exists on the instance already. */
export function rowExistsWarning(row: ImportRow, existing: readonly string[]): string | undefined {
  return nameExists(row.databaseName, existing)
    ? `A database named ${row.databaseName} exists on this instance; the service refuses an import over it (409). Pick another name, or drop the database first.`
    : undefined;
}

/** True when the row can start: planned, type checked, a valid and unique name. */
export function rowIsReady(row: ImportRow, rows: readonly ImportRow[]): boolean {
  return (
    !row.isPlanning &&
    row.plan !== undefined &&
    row.plan.typeCheck.ok &&
    rowNameProblem(row, rows) === undefined
  );
}
