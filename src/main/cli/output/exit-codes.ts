import { isAppError, type ErrorCode } from '../../../shared/errors';
import { QueryFailedError, UsageError } from '../args/operation-args';
import { EXIT_OUTPUT_CLOSED } from './stdout';

/*
 * The CLI's exit codes, one table for every command (catalogue operations and transfers), so a
 * script can tell what to do next from the code alone: fix the command line, fix the sign-in,
 * run again later, or look at the job.
 */

/** Exit codes of `databridge` (its `--help` lists them: EXIT_CODES_HELP in help/usage.ts). */
export const EXIT = {
  /** Done: the operation answered, the transfer ended, the job succeeded. */
  ok: 0,
  /** The service or the CLI could not do it (not found, conflict, an unexpected answer...). */
  failed: 1,
  /**
   * Invalid input: a bad command line or parameter, or a removal not confirmed (no --yes off a
   * terminal, or not confirmed on one); nothing was sent for it.
   */
  usage: 2,
  /** Sign-in: no or a refused API key or password, an expired sign-in, a role not allowed. */
  auth: 3,
  /** Network: the service could not be reached, or stayed unavailable or busy. */
  network: 4,
  /** The background job ended Failed. */
  jobFailed: 5,
  /** Stopped by Ctrl+C (128 + SIGINT, as shells report it). */
  interrupted: 130,
  /** The reader of stdout went away (`| head -1`) before all was read (128 + SIGPIPE). */
  outputClosed: EXIT_OUTPUT_CLOSED,
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

/** How a command that threw is reported. */
export interface Failure {
  /** `usage` for a bad command line, else the error code. */
  readonly code: string;
  readonly message: string;
  readonly exitCode: number;
  /** More for --verbose (never a stack). */
  readonly details?: string;
}

/**
 * The report of an error thrown by a command: a usage error, a query that failed on the
 * answer, an AppError, or a bug.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof UsageError) {
    return { code: 'usage', message: error.message, exitCode: EXIT.usage };
  }
  if (error instanceof QueryFailedError) {
    return { code: 'QUERY_FAILED', message: error.message, exitCode: EXIT.failed };
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

/** Where {@link reportFailure} writes, and how. */
export interface FailureReport {
  readonly stderr: (text: string) => void;
  readonly redact: (text: string) => string;
  /** --verbose: the failure's details too (never a stack). */
  readonly verbose: boolean;
}

/** Reports an error thrown by a command on stderr; answers the exit code. */
export function reportFailure(error: unknown, report: FailureReport): number {
  const failure = failureOf(error);
  report.stderr(failureLine(failure, report.redact));
  if (report.verbose && failure.details) report.stderr(report.redact(failure.details) + '\n');
  return failure.exitCode;
}
