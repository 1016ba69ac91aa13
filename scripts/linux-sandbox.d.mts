/** Where the kernel says whether AppArmor restricts unprivileged user namespaces. */
export const RESTRICT_USERNS_FILE: string;
/** The name given to the AppArmor profile this check proposes. */
export const PROFILE_NAME: string;
/** Set to `off` to skip the check. */
export const SKIP_VARIABLE: string;
/** chrome-sandbox's owner and permission bits, as `fs.stat` gives them. */
export interface SandboxStat {
  uid: number;
  mode: number;
}
/** What the sandbox decision is made from. */
export interface SandboxFacts {
  platform: string;
  restrictUserns: number | null;
  sandboxStat: SandboxStat | null;
  sandboxPath?: string;
  electronPath?: string;
  profileGrantsUserns?: boolean;
}
/** True when the helper is owned by root, setuid and runnable by all. */
export function isSetuidRoot(stat: SandboxStat | null): boolean;
/** Quotes a word for a POSIX shell. */
export function shellQuote(word: string): string;
/** The AppArmor profile that lets the development Electron binary use user namespaces. */
export function apparmorProfile(electronPath: string): string[];
/** True when one of the profiles' texts names this exact binary path. */
export function profileCovers(profileTexts: string[], electronPath: string): boolean;
/** The message for a sandbox Electron cannot start, or null when nothing stops it. */
export function sandboxProblem(facts: SandboxFacts): string | null;
/** The check on this machine for the electron package in `electronDir`. */
export function sandboxProblemHere(electronDir: string): string | null;
/** The installed electron package's folder, or null. */
export function electronDir(): string | null;
