/*
 * SQL Server's default password policy for SQL logins (CHECK_POLICY=ON with the Windows
 * complexity rules) as one pure function: the emulator refuses what it refuses, and the login
 * dialogs say so before sending. The interface itself only limits the length, and a real
 * instance may run with CHECK_POLICY=OFF or a stricter domain policy: the server has the last
 * word.
 */

/** The shortest password the default policy accepts. */
const MIN_POLICY_PASSWORD_LENGTH = 8;

/** How many of the four categories a password has to use. */
const CATEGORIES_NEEDED = 3;

/**
 * Windows skips the account-name check for names shorter than this: nearly every password
 * would contain a one- or two-letter name.
 */
const MIN_CHECKED_NAME_LENGTH = 3;

/**
 * The four categories. Letters go by their Unicode case, as Windows counts accented, Greek and
 * Cyrillic capitals as capitals; a symbol is anything that is neither a letter nor a digit.
 */
const CATEGORIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Lu}/u, 'capital letters'],
  [/\p{Ll}/u, 'small letters'],
  [/[0-9]/, 'digits'],
  [/[^\p{L}0-9]/u, 'symbols'],
];

/** What the policy asks for, to end a message that says what to do. */
export const PASSWORD_POLICY_SUMMARY =
  'at least 8 characters, with three of capital letters, small letters, digits and symbols, and without the login name';

/**
 * Why the default policy refuses `password` for the login `loginName`, one clause each
 * (`it is shorter than 8 characters`); empty when the policy accepts it. The name is compared
 * case-insensitively, as SQL Server does.
 */
export function passwordPolicyFailures(password: string, loginName = ''): string[] {
  const failures: string[] = [];
  if (password.length < MIN_POLICY_PASSWORD_LENGTH) {
    failures.push(`it is shorter than ${MIN_POLICY_PASSWORD_LENGTH} characters`);
  }
  const missing = CATEGORIES.filter(([pattern]) => !pattern.test(password)).map(([, name]) => name);
  if (CATEGORIES.length - missing.length < CATEGORIES_NEEDED) {
    failures.push(
      `it uses fewer than three of capital letters, small letters, digits and symbols (no ${missing.join(', no ')})`,
    );
  }
  const name = loginName.trim().toLowerCase();
  if (name.length >= MIN_CHECKED_NAME_LENGTH && password.toLowerCase().includes(name)) {
    failures.push('it contains the login name');
  }
  return failures;
}

/** True when the default policy accepts `password` for the login `loginName`. */
export function meetsPasswordPolicy(password: string, loginName = ''): boolean {
  return passwordPolicyFailures(password, loginName).length === 0;
}
