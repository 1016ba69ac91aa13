import { accessSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Why the Electron smoke test cannot run here. */
export const MISSING_ELECTRON =
  'Electron binary not installed: the electron package could not download it on this machine';

/**
 * The Electron executable the `electron` package installed, or why there is none. This
 * follows the package's own lookup (`path.txt`, then `dist/<path>`, or
 * ELECTRON_OVERRIDE_DIST_PATH) without `require('electron')`, which would try to download
 * the binary on the spot.
 */
export function findElectronBinary(): { path: string } | { reason: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'The electron package is not installed' };
  }
  let executable: string;
  try {
    executable = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return { reason: MISSING_ELECTRON };
  }
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const path = override ? join(override, executable) : join(packageDir, 'dist', executable);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return { reason: `${MISSING_ELECTRON} (${path} is not an executable file)` };
  }
  return { path };
}
