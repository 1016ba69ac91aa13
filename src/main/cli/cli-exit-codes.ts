import { isAppError, type ErrorCode } from '../../shared/errors';
import { UsageError } from './cli-args';

/*
 * The CLI's exit codes, one table for every command (catalogue operations and transfers), so a
 * script can tell what to do next from the code alone: fix the command line, fix the sign-in,
 * run again later, or look at the job.
 */

/** Exit codes of `npm run cli`. */
export const EXIT = {
  /** Done: the operation answered, the transfer ended, the job succeeded. */
  ok: 0,
  /** The service or the CLI could not do it (not found, conflict, an unexpected answer...). */
  failed: 1,
  /** Invalid input: a bad command line or parameter; nothing was sent for it. */
  usage: 2,
  /** Sign-in: no or a refused API key or password, an expired sign-in, a role not allowed. */
  auth: 3,
  /** Network: the service could not be reached, or stayed unavailable or busy. */
  network: 4,
  /** The background job ended Failed. */
  jobFailed: 5,
  /** Stopped by Ctrl+C (128 + SIGINT, as shells report it). */
  interrupted: 130,
} as const;

const BY_CODE: Partial<Record<ErrorCode, number>> = {
  VALIDATION: EXIT.usage,
  AUTH_REQUIRED: EXIT.auth,
  AUTH_EXPIRED: EXIT.auth,
  FORBIDDEN: EXIT.auth,
  KEYCHAIN_UNAVAILABLE: EXIT.auth,
  NETWORK: EXIT.network,
  UNAVAILABLE: EXIT.network,
  RATE_LIMITED: EXIT.network,
  JOB_FAILED: EXIT.jobFailed,
  CANCELLED: EXIT.interrupted,
};

/** The exit code of an error code (a string from a transfer record too); 1 when not listed. */
export function exitCodeOf(code: string): number {
  return BY_CODE[code as ErrorCode] ?? EXIT.failed;
}

/** The exit codes as `--help` lists them. */
export const EXIT_CODES_HELP = `Exit codes:
  0    done (the operation answered, the transfer ended, the job succeeded)
  1    the service or the CLI could not do it (not found, conflict, unexpected answer);
       a full disk (DISK_FULL): a transfer waits in its journal until space is freed
  2    invalid input: a bad command line or parameter (VALIDATION); nothing was sent for it
  3    sign-in: API key or password missing or refused, sign-in expired, role not allowed
       (AUTH_REQUIRED, AUTH_EXPIRED, FORBIDDEN, KEYCHAIN_UNAVAILABLE)
  4    network: the service could not be reached or stayed unavailable or busy
       (NETWORK, UNAVAILABLE, RATE_LIMITED); a transfer waits in its journal
  5    the job failed (JOB_FAILED)
  130  stopped with Ctrl+C; a transfer waits in its journal`;

/** How a command that threw is reported. */
export interface Failure {
  /** `usage` for a bad command line, else the error code. */
  readonly code: string;
  readonly message: string;
  readonly exitCode: number;
  /** More for --verbose (never a stack). */
  readonly details?: string;
}

/** The report of an error thrown by a command: a usage error, an AppError, or a bug. */
export function failureOf(error: unknown): Failure {
  if (error instanceof UsageError) {
    return { code: 'usage', message: error.message, exitCode: EXIT.usage };
  }
  if (isAppError(error)) {
    return {
      code: error.code,
      message: error.message,
      exitCode: exitCodeOf(error.code),
      ...(error.details ? { details: error.details } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message, exitCode: EXIT.failed };
}

/** The line a failure is reported with on stderr: `usage: ...` or `error CODE: ...`. */
export function failureLine(failure: Failure, redact: (text: string) => string): string {
  const head = failure.code === 'usage' ? 'usage' : `error ${failure.code}`;
  return `${head}: ${redact(failure.message)}\n`;
}
