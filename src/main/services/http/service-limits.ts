import type { Operation } from '../../../shared/contract/catalogue';

/**
 * How long one service operation may take and how much of an answer the client reads: the one
 * place their defaults are defined. Without them a server that never answers, or dribbles its
 * body, held a CLI run for minutes (three attempts on 60 s idle timeouts), and a 200 MB answer
 * was read whole before being refused.
 */
export interface ServiceLimits {
  /**
   * Time allowed for one operation, from the call to its parsed answer: connecting, headers
   * and body of every attempt, the retries and the waits between them, and a token refresh
   * it needs. Operations that send a file part are exempt (see {@link limitsOf}).
   */
  readonly deadlineMs: number;
  /** Largest success answer of a list (an operation answering a JSON array). */
  readonly listAnswerBytes: number;
  /** Largest success answer of any other operation: one record, an action's answer. */
  readonly recordAnswerBytes: number;
  /** Largest error answer read; an error body only gives a one-line message. */
  readonly errorAnswerBytes: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The defaults. 30 s is what a user waits for a window or a command before wanting to hear
 * why. 64 MiB for a list is some forty times a full page of 5,000 archives (1.6 MB from the
 * emulator's large seed); 4 MiB is far above any single record.
 */
export const SERVICE_LIMITS: ServiceLimits = {
  deadlineMs: 30_000,
  listAnswerBytes: 64 * MiB,
  recordAnswerBytes: 4 * MiB,
  errorAnswerBytes: 64 * KiB,
};

/** The limits of one operation, from the client's {@link ServiceLimits}. */
export interface OperationLimits {
  /** Undefined: no overall deadline (the dispatcher's idle timeouts still apply). */
  readonly deadlineMs: number | undefined;
  readonly answerBytes: number;
  readonly errorAnswerBytes: number;
}

/**
 * The limits that apply to `op`. A list's answer grows with what the tenant holds, so it gets
 * the large bound. An operation with a raw bytes body sends a file part, a transfer of its own
 * length: like the transfer engine's pre-signed requests, it has no overall deadline.
 */
export function limitsOf(op: Operation, limits: ServiceLimits): OperationLimits {
  const isList = op.response.kind === 'json' && op.response.schema.def.type === 'array';
  return {
    deadlineMs: op.body?.contentType === 'bytes' ? undefined : limits.deadlineMs,
    answerBytes: isList ? limits.listAnswerBytes : limits.recordAnswerBytes,
    errorAnswerBytes: limits.errorAnswerBytes,
  };
}
