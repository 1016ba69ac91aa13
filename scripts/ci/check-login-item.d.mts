/** A value of the Run key as `reg query` prints it. */
export interface RunValue {
  name: string;
  data: string;
}
/** The Run key of the user's session, where Electron writes a Windows login item. */
export const RUN_KEY: string;
/** The flag a start at login carries. */
export const HIDDEN_FLAG: string;
/** The values `reg query <key>` prints, one a line. */
export function runValuesFrom(output: string): RunValue[];
/** The value that starts `executable` (as the first word, quoted or not), or undefined. */
export function runValueFor(values: RunValue[], executable: string): RunValue | undefined;
/** What is wrong with the Run value for `executable`, in words; empty when it is right. */
export function runValueProblems(values: RunValue[], executable: string): string[];
/** What is wrong with the autostart entry's text for `executable`; empty when it is right. */
export function desktopEntryProblems(text: string, executable: string): string[];
