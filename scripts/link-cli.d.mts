/** A line every launcher written by `npm run link-cli` carries. */
export const LINK_MARK: string;
/** The folders of a PATH a new terminal has too (not the checkout's, not npm's). */
export function lastingPathFolders(
  pathValue: string,
  where: { root: string; separator?: string },
): string[];
/** Where the launcher goes, and whether the PATH has that folder. */
export function chooseLinkFolder(facts: {
  pathValue: string;
  home: string;
  root: string;
  canWrite: (folder: string) => boolean;
  separator?: string;
}): { folder: string; onPath: boolean };
/** The launcher that runs `entry` with the Node at `node`. */
export function launcherText(launcher: {
  node: string;
  entry: string;
  platform: NodeJS.Platform;
}): string;
/** Whether the file at the launcher's path may be written. */
export function mayWrite(
  existing: string | undefined,
  force: boolean,
): { write: true } | { write: false; why: string };
