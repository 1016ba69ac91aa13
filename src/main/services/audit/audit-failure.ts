import type { Operation } from '../../../shared/contract/catalogue';
import { AppError } from '../../../shared/errors';
import { LockBusyError } from './audit-lock';

/*
 * The audit trail fails closed, like SQL Server Audit's ON_FAILURE = FAIL_OPERATION: a change
 * whose record cannot be written before it is sent is refused. An organisation that prefers
 * the change to go ahead sets "continue and warn" (the app's setting auditOnFailure, the
 * command line's DATABRIDGE_AUDIT_ON_FAILURE), and the change's record then says its intent
 * was not written.
 */

/** What a change does when its intent cannot be written. */
export type AuditOnFailure = 'refuse' | 'continue';

/** The command line's setting: `continue` lets changes go ahead unrecorded, with a warning. */
export const AUDIT_ON_FAILURE_ENV = 'DATABRIDGE_AUDIT_ON_FAILURE';

/** The policy `DATABRIDGE_AUDIT_ON_FAILURE` sets; anything but `continue` refuses. */
export function auditOnFailureFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): AuditOnFailure {
  return env[AUDIT_ON_FAILURE_ENV]?.trim().toLowerCase() === 'continue' ? 'continue' : 'refuse';
}

/** Why the trail could not be written, in words: the lock, the disk, the folder, or the error. */
export function causeOf(error: unknown): string {
  if (error instanceof LockBusyError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `its disk is full (${code})`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `its folder is not a folder (${code}: ${message})`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `it cannot be written (${code}: ${message})`;
    default:
      return message;
  }
}

/** The refusal of a change the trail could not record, naming the trail, the cause, the way on. */
export function auditRefusal(dir: string, operation: Operation, cause: string): AppError {
  return new AppError({
    code: 'AUDIT_UNAVAILABLE',
    message:
      `"${operation.summary}" was not sent: the audit trail (${dir}) could not record it first, because ${cause}. ` +
      `Fix the trail and try again. To make changes unrecorded instead, set the audit failure setting to "continue and warn" ` +
      `(Settings in the app, ${AUDIT_ON_FAILURE_ENV}=continue for the command line).`,
    operation: operation.id,
  });
}
