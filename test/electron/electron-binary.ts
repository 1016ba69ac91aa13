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

/** The variable that turns "Electron binary missing" from a skip into a failure (real-OS CI). */
export const REQUIRE_ELECTRON_VARIABLE = 'DATABRIDGE_REQUIRE_ELECTRON';

/**
 * The Electron executable, or why the smoke test skips here. Where
 * DATABRIDGE_REQUIRE_ELECTRON=1 (the real-OS workflow, which installs the binary) a missing
 * binary is an error instead, so a broken install cannot pass as "1 skipped".
 *
 * @throws Error naming the variable and the reason, when the variable demands the binary
 */
export function electronOrSkipReason({
  env = process.env,
  find = findElectronBinary,
}: {
  /** Where DATABRIDGE_REQUIRE_ELECTRON is read (the process's environment). */
  env?: Record<string, string | undefined>;
  /** How the binary is looked for (the electron package's own lookup). */
  find?: () => { path: string } | { reason: string };
} = {}): { path: string } | { reason: string } {
  const binary = find();
  if ('reason' in binary && env[REQUIRE_ELECTRON_VARIABLE] === '1') {
    throw new Error(
      `${REQUIRE_ELECTRON_VARIABLE}=1 demands the Electron binary, and it is missing: ${binary.reason}`,
    );
  }
  return binary;
}
