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
