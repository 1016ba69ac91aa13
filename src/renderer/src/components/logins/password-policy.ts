/**
 * The login dialogs' wording of SQL Server's default password policy; the rules themselves
 * are shared with the emulator (@shared/logins/password-policy). Said while typing, before
 * sending: a real instance may not enforce the policy, so the dialogs let a weak password go
 * after a second confirmation and leave the last word to the server.
 */
import { passwordPolicyFailures } from '@shared/logins/password-policy';

/**
 * The reasons the default policy would refuse `password` for `loginName`; none when it passes,
 * and none for an empty password (the form's required rule says that one).
 */
export function passwordPolicyWarnings(password: string, loginName = ''): string[] {
  if (password === '') return [];
  return passwordPolicyFailures(password, loginName);
}

/** One sentence for the form, or undefined when the policy would accept the password. */
export function passwordPolicyMessage(password: string, loginName = ''): string | undefined {
  const warnings = passwordPolicyWarnings(password, loginName);
  if (warnings.length === 0) return undefined;
  return `SQL Server's default password policy would likely refuse this password: ${warnings.join('; ')}.`;
}
