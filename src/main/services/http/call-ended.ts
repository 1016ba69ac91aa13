import type { Operation } from '../../../shared/contract/catalogue';
import type { Logger } from '../log/logger';
import type { AnyOperationInput, PreparedRequest } from './request-parts';

/*
 * How one call of the service client ended, for whoever must know of every call made: the
 * audit trail records the ones that change something. The client tells it once, in the one
 * place every operation goes through, so the window, the command line and the transfer
 * engine are all covered without each caller doing it.
 */

/** One call as it ended: what was sent (before authorization) and what came back. */
export interface CallEnded {
  readonly operation: Operation;
  /** The path parameters after the schemas. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The query parameters the caller gave, and the request headers the operation takes. */
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  /** The JSON body as sent (after the schemas), `'[bytes]'` for an upload part. */
  readonly body?: unknown;
  /** Set when the call succeeded. */
  readonly answer?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly data: unknown;
  };
  /** Set when it failed: the error the caller gets. */
  readonly error?: unknown;
}

/** Told of every call that was sent (or tried); a failure of its own never fails the call. */
export type CallEndListener = (ended: CallEnded) => Promise<void>;

/** Tells `listener` (when there is one) how the call ended; its failure is logged only. */
export async function reportCallEnd(
  listener: CallEndListener | undefined,
  call: { op: Operation; input: AnyOperationInput; prepared: PreparedRequest },
  end: Pick<CallEnded, 'answer' | 'error'>,
  logger: Logger,
): Promise<void> {
  if (listener === undefined) return;
  const { op, input, prepared } = call;
  const body =
    typeof prepared.body === 'string'
      ? (JSON.parse(prepared.body) as unknown)
      : prepared.body === undefined
        ? undefined
        : '[bytes]';
  try {
    await listener({
      operation: op,
      params: prepared.params,
      ...(input.query ? { query: input.query } : {}),
      ...(input.headers ? { headers: input.headers } : {}),
      ...(body === undefined ? {} : { body }),
      ...end,
    });
  } catch (error) {
    logger.error('Could not tell how a call ended', { operation: op.id, error });
  }
}
