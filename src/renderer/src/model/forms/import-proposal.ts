import type { FileExtension } from '@shared/contract/enums';
import { fileTypeFromName } from '@shared/contract/file-signature';
import { ImportDatabaseNameSchema } from '@shared/contract/primitives';
import { fileNameOf } from '@shared/file-name';

/*
 * What the import sheet proposes for a file before the user edits it: the database name
 * (from the file name, made to fit the interface's import name pattern) and the type (from
 * the extension; main checks it against the content in `transfers:planImport`).
 */

/** The interface's import name pattern allows at most this many characters in practice. */
const MAX_NAME_LENGTH = 80;

/** `bak`, `mdf` or `dacpac` from a file name or path, or undefined for another extension. */
export function fileExtensionOf(path: string): FileExtension | undefined {
  return fileTypeFromName(fileNameOf(path));
}

/**
 * A database name for a file: the file name without its extension, every character the
 * import pattern refuses (`^[_\-a-zA-Z0-9]+$`) replaced by `_`, runs of `_` collapsed.
 * `Sales 2025 (copy).bak` → `Sales_2025_copy`.
 */
export function proposeDatabaseName(path: string): string {
  const stem = fileNameOf(path).replace(/\.[^.]*$/, '');
  const name = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^_\-a-zA-Z0-9]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_(?=.)|(?<=.)_$/g, '')
    .slice(0, MAX_NAME_LENGTH);
  return name.length > 0 ? name : 'Imported_database';
}

/** The contract's message when `name` does not fit the import pattern, else undefined. */
export function importNameProblem(name: string): string | undefined {
  const parsed = ImportDatabaseNameSchema.safeParse(name);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Invalid name');
}

/** True when `name` is taken on the instance (SQL Server compares names case-insensitively). */
export function nameExists(name: string, existing: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return existing.some((other) => other.toLowerCase() === lower);
}
