/*
 * Quoting one argument for the shell a copied command is pasted into. Single quotes in both:
 * inside them neither a POSIX shell nor PowerShell expands anything ($, `, *, ~), so a value
 * reaches the program exactly as written.
 */

/** The shells a command line is written for: sh, bash, zsh (and fish), or PowerShell. */
export type ShellKind = 'posix' | 'powershell';

/** Words that need no quotes in a POSIX shell (no globbing, expansion or word splitting). */
const POSIX_BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/**
 * Words that need no quotes in PowerShell. Narrower than POSIX: `@` starts a splat or an array,
 * `,` builds an array, `%` is an alias of ForEach-Object at the start of a word.
 */
const POWERSHELL_BARE = /^[A-Za-z0-9_+=:./-]+$/;

/** `word` as the shell reads it back unchanged. */
export function quoteArgument(word: string, shell: ShellKind): string {
  if (shell === 'powershell') {
    // PowerShell doubles a single quote inside single quotes.
    return POWERSHELL_BARE.test(word) ? word : `'${word.replaceAll("'", "''")}'`;
  }
  // POSIX single quotes cannot hold one: close, add an escaped quote, reopen.
  return POSIX_BARE.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The comment mark of both shells, for notes above a command. */
export const COMMENT = '#';
