/** The output of a dmg step that failed on a busy disk image, which a retry gets past. */
export const DMG_BUSY: RegExp;
/** How many times the build runs at most. */
export const MAX_ATTEMPTS: number;
/** What to do after one run of electron-builder. */
export function nextStep(run: {
  status: number;
  output: string;
  attempt: number;
  maxAttempts?: number;
}): 'done' | 'retry' | 'fail';
/** The signing identities electron-builder reads from the environment. */
export const SIGNING_VARIABLES: readonly string[];
/** electron-builder's environment: the empty signing variables left out. */
export function builderEnv(
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
/** electron-builder's arguments: the Developer ID named in CSC_NAME on macOS, when given. */
export function builderArgs(env: Record<string, string | undefined>, platform: string): string[];
