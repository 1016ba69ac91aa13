import { join, win32 } from 'node:path';

/*
 * Where the machine policy lives. The system locations are writable by administrators only,
 * so a policy there is the organisation's. The test seam DATABRIDGE_POLICY_DIR is read only
 * when the system location holds no policy (see `policy-loader.ts`): a user can then add a
 * policy that restricts themselves, never replace or escape the organisation's.
 */

/** The environment variable naming a folder with a `policy.json` (tests, a trial). */
export const POLICY_DIR_ENV = 'DATABRIDGE_POLICY_DIR';

/** The policy's file name in each folder. */
const POLICY_FILE_NAME = 'policy.json';

/** The registry key of the policy on Windows (Group Policy writes it from the ADMX). */
export const POLICY_REGISTRY_KEY = 'HKLM\\Software\\Policies\\DataBridge';

/**
 * The system's policy file: `%ProgramData%\DataBridge\policy.json` on Windows,
 * `/Library/Application Support/DataBridge/policy.json` on macOS,
 * `/etc/databridge/policy.json` elsewhere.
 */
export function systemPolicyFile(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (platform === 'win32') {
    const programData = env['ProgramData'] || env['PROGRAMDATA'] || 'C:\\ProgramData';
    return win32.join(programData, 'DataBridge', POLICY_FILE_NAME);
  }
  if (platform === 'darwin') {
    return join('/Library/Application Support/DataBridge', POLICY_FILE_NAME);
  }
  return join('/etc/databridge', POLICY_FILE_NAME);
}

/** The policy file of the test seam, or undefined when the variable is not set. */
export function seamPolicyFile(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const dir = env[POLICY_DIR_ENV]?.trim();
  return dir ? join(dir, POLICY_FILE_NAME) : undefined;
}
