import { z } from 'zod';
import type { Session } from '@shared/contract/records/sessions';
import { blockerOf, waitOf } from '@shared/monitor/blocking-forest';

/*
 * What the session details pane shows beyond the table's columns. The published Session record
 * has no wait type, wait time or open transaction count; SQL Server's DMVs do, and the record
 * keeps unknown fields (records.md "Tolerance"), so a service that passes them through is
 * shown. Each is read on its own: a field of an unexpected type is left out, never an error.
 */

const SessionExtrasSchema = z.object({
  waitType: z.string().min(1).nullish().catch(undefined),
  /** Milliseconds, as sys.dm_exec_requests counts wait_time. */
  waitTime: z.number().nonnegative().nullish().catch(undefined),
  openTransactionCount: z.number().int().nonnegative().nullish().catch(undefined),
});

/** Where a wait time comes from: the service's own figure, or the blocked request's age. */
type WaitSource = 'reported' | 'blocked-request';

/** The facts of one session for its details pane. */
export interface SessionFacts {
  readonly waitType: string | undefined;
  readonly waitMs: number | undefined;
  readonly waitSource: WaitSource | undefined;
  readonly openTransactions: number | undefined;
  /** The session it waits on, or undefined when it is not blocked. */
  readonly blockedBy: number | undefined;
  /** The sessions of the snapshot that wait on it, lowest id first. */
  readonly blocks: readonly number[];
}

/**
 * The facts of `session` in the snapshot `all` at `now` (ms). A blocked session the service
 * gives no wait time for has waited since its current request started, as the blocking tree
 * counts it.
 */
export function sessionFacts(session: Session, all: readonly Session[], now: number): SessionFacts {
  const extras = SessionExtrasSchema.parse(session);
  const blockedBy = blockerOf(session);
  const reported = extras.waitTime ?? undefined;
  const derived = blockedBy === undefined ? undefined : waitOf(session, now);
  return {
    waitType: extras.waitType ?? undefined,
    waitMs: reported ?? derived,
    waitSource:
      reported !== undefined ? 'reported' : derived !== undefined ? 'blocked-request' : undefined,
    openTransactions: extras.openTransactionCount ?? undefined,
    blockedBy,
    blocks: all
      .filter((other) => blockerOf(other) === session.sessionId)
      .map((other) => other.sessionId)
      .sort((a, b) => a - b),
  };
}
