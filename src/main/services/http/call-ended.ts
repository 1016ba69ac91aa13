import type { Operation } from '../../../shared/contract/catalogue';
import type { AuditAction } from '../../../shared/model/audit';
import type { Logger } from '../log/logger';
import type { AnyOperationInput, PreparedRequest } from './request-parts';

/*
 * How one call of the service client starts and ends, for whoever must know of every call
 * made: the audit trail records the ones that change something, before they are sent and
 * when they end. The client tells it in the one place every operation goes through, so the
 * window, the command line and the transfer engine are all covered without each caller doing
 * it.
 */

/** One call about to be sent: what will be sent (before authorization). */
export interface CallStarted {
  readonly operation: Operation;
  /** The path parameters after the schemas. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The query parameters the caller gave, and the request headers the operation takes. */
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  /** The JSON body as sent (after the schemas), `'[bytes]'` for an upload part. */
  readonly body?: unknown;
  /** The user action the call is made for, as the caller named it (CallOptions). */
  readonly action?: AuditAction;
}

/** One call as it ended: what was sent and what came back. */
export interface CallEnded extends CallStarted {
  /** Set when the call succeeded. */
  readonly answer?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly data: unknown;
  };
  /** Set when it failed: the error the caller gets. */
  readonly error?: unknown;
}

/** Told how a call that was sent (or tried) ended; a failure of its own never fails the call. */
export type CallEndListener = (ended: CallEnded) => Promise<void>;

/**
 * Told of every call before it is sent; answers the listener of its end (none: nothing more
 * to tell). When it throws, the call is not sent and the caller gets its error: the audit
 * trail refuses a change it cannot record.
 */
export type CallStartListener = (started: CallStarted) => Promise<CallEndListener | undefined>;

/** A call as the client prepared it. */
export interface PreparedCall {
  readonly op: Operation;
  readonly input: AnyOperationInput;
  readonly prepared: PreparedRequest;
  readonly action?: AuditAction | undefined;
}

/** What is told of `call`: the operation and its inputs as sent. */
export function callStarted(call: PreparedCall): CallStarted {
  const { op, input, prepared, action } = call;
  const body =
    typeof prepared.body === 'string'
      ? (JSON.parse(prepared.body) as unknown)
      : prepared.body === undefined
        ? undefined
        : '[bytes]';
  return {
    operation: op,
    params: prepared.params,
    ...(input.query ? { query: input.query } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(body === undefined ? {} : { body }),
    ...(action ? { action } : {}),
  };
}

/** Tells `listener` (when there is one) how the call ended; its failure is logged only. */
export async function reportCallEnd(
  listener: CallEndListener | undefined,
  started: CallStarted,
  end: Pick<CallEnded, 'answer' | 'error'>,
  logger: Logger,
): Promise<void> {
  if (listener === undefined) return;
  try {
    await listener({ ...started, ...end });
  } catch (error) {
    logger.error('Could not tell how a call ended', { operation: started.operation.id, error });
  }
}
