import { z } from 'zod';

/**
 * The one enum of error codes that cross every boundary (HTTP client, IPC, renderer).
 * `CANCELLED` is ours: long work takes an `AbortSignal`, and a user who cancels must not see
 * it reported as a failure. `JOB_FAILED` is ours too: the request was accepted, but the
 * background job it started ended Failed (its message carries the job's own error).
 * `DISK_FULL` is ours: a local disk (a download's folder, the app's data folder) has no room
 * left; the work waits, resumable, until the user frees space. `AUDIT_UNAVAILABLE` is ours:
 * the audit trail could not record a change before it was sent, so it was not sent.
 */
export const ErrorCodeSchema = z.enum([
  'VALIDATION',
  'AUTH_REQUIRED',
  'AUTH_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'NETWORK',
  'KEYCHAIN_UNAVAILABLE',
  'UNEXPECTED_RESPONSE',
  'CANCELLED',
  'JOB_FAILED',
  'DISK_FULL',
  'AUDIT_UNAVAILABLE',
  'INTERNAL',
]);
/** An error code from {@link ErrorCodeSchema}. */
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * An error as plain data, safe to send over IPC: no stack, no secrets. `message` says what
 * happened and what the user can do; `operation` is a catalogue operation id when known.
 */
export const AppErrorDataSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  operation: z.string().optional(),
  status: z.number().int().optional(),
  details: z.string().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
});
/** Serialisable error data, see {@link AppErrorDataSchema}. */
export type AppErrorData = z.infer<typeof AppErrorDataSchema>;

/** An `Error` that carries {@link AppErrorData}; turn it into data with `toData()` at a boundary. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly details: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'AppError';
    this.code = data.code;
    this.operation = data.operation;
    this.status = data.status;
    this.details = data.details;
    this.retryAfterMs = data.retryAfterMs;
  }

  /** The error as plain data; undefined fields are left out so the result is JSON-clean. */
  toData(): AppErrorData {
    const data: AppErrorData = { code: this.code, message: this.message };
    if (this.operation !== undefined) data.operation = this.operation;
    if (this.status !== undefined) data.status = this.status;
    if (this.details !== undefined) data.details = this.details;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    return data;
  }
}

/** True when `value` is an {@link AppError} (also across bundles, by name and code check). */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true;
  // A second copy of this module (main and renderer bundles) defeats instanceof.
  return (
    value instanceof Error &&
    value.name === 'AppError' &&
    ErrorCodeSchema.safeParse((value as { code?: unknown }).code).success
  );
}

/**
 * Turns anything thrown into {@link AppErrorData}. Unknown errors become `INTERNAL` with a
 * generic message, because their text may carry secrets or stack details.
 */
export function toAppErrorData(error: unknown): AppErrorData {
  if (isAppError(error)) return error.toData();
  return { code: 'INTERNAL', message: 'Something went wrong inside the app. Please try again.' };
}
