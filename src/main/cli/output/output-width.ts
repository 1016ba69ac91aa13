/*
 * The width a table fits, in a module with no imports: the command's entry reads it before it
 * loads anything else (see src/main/cli.ts).
 */

/**
 * The width tables fit: `COLUMNS` from the environment when it holds a width (as `ls` and
 * Python's shutil read it: a script or a test sets it for a pipe, which has no width), else the
 * terminal's; undefined when neither says.
 */
export function screenColumns(
  env: Readonly<Record<string, string | undefined>>,
  terminal: number | undefined,
): number | undefined {
  const given = Number(env['COLUMNS']);
  return Number.isInteger(given) && given > 0 ? given : terminal;
}
