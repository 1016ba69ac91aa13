/**
 * What SQL Server's default password policy (CHECK_POLICY with the Windows complexity rules)
 * would refuse, said before sending: the interface only limits the length, so a weak password
 * is a warning here, not a refusal; the server has the last word.
 */

const CLASSES: ReadonlyArray<readonly [RegExp, string]> = [
  [/[A-Z]/, 'capital letters'],
  [/[a-z]/, 'small letters'],
  [/[0-9]/, 'digits'],
  [/[^A-Za-z0-9]/, 'symbols'],
];

/** The reasons the default policy would refuse `password` for `loginName`; none when it passes. */
export function passwordPolicyWarnings(password: string, loginName = ''): string[] {
  if (password === '') return [];
  const warnings: string[] = [];
  if (password.length < 8) warnings.push('it is shorter than 8 characters');
  const missing = CLASSES.filter(([pattern]) => !pattern.test(password)).map(([, name]) => name);
  if (missing.length > 1) {
    warnings.push(
      `it uses fewer than three of capital letters, small letters, digits and symbols (no ${missing.join(', no ')})`,
    );
  }
  const name = loginName.trim().toLowerCase();
  if (name.length > 0 && password.toLowerCase().includes(name)) {
    warnings.push('it contains the login name');
  }
  return warnings;
}

/** One sentence for the form, or undefined when the policy would accept the password. */
export function passwordPolicyMessage(password: string, loginName = ''): string | undefined {
  const warnings = passwordPolicyWarnings(password, loginName);
  if (warnings.length === 0) return undefined;
  return `SQL Server's default password policy would likely refuse this password: ${warnings.join('; ')}.`;
}
