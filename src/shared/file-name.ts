/**
 * The last segment of a local path, whichever separator it uses (`/`, or `\` on Windows): a
 * pure function, for the renderer too, which has no `node:path`. A path ending in a separator
 * gives an empty name.
 */
export function fileNameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
