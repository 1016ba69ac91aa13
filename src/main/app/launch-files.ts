import { extname, isAbsolute } from 'node:path';

const DATABASE_FILE_EXTENSIONS = new Set(['.bak', '.mdf', '.dacpac']);

/**
 * The database files among command-line arguments (a file opened with the app, or dropped on
 * its icon, reaches a running instance as the second instance's argv). Only absolute paths
 * with a database file's extension count; flags and other words are ignored.
 */
export function databaseFilesIn(argv: readonly string[]): string[] {
  return argv.filter(
    (arg) =>
      !arg.startsWith('-') &&
      isAbsolute(arg) &&
      DATABASE_FILE_EXTENSIONS.has(extname(arg).toLowerCase()),
  );
}
