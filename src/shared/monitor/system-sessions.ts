import type { Session } from '../contract/records/sessions';

/*
 * Which sessions are SQL Server's own (checkpoint, lazy writer, lock monitor...) rather than a
 * client's. The published Session record has no `isUserProcess`; sys.dm_exec_sessions does, so
 * a service that passes it through is believed over the session id. Without it, the classic
 * rule: the server reserves session ids up to 50 for its background tasks, and only those
 * tasks have the `background` status.
 */

/** The highest session id SQL Server reserves for its own tasks. */
const LAST_SYSTEM_SESSION_ID = 50;

/** What {@link isSystemSession} reads of a session (the record keeps unknown fields). */
export type SystemSessionFields = Pick<Session, 'sessionId' | 'status'> & {
  readonly isUserProcess?: unknown;
};

/** True for a session of SQL Server itself, false for a client's. */
export function isSystemSession(session: SystemSessionFields): boolean {
  if (typeof session.isUserProcess === 'boolean') return !session.isUserProcess;
  return session.sessionId <= LAST_SYSTEM_SESSION_ID || session.status === 'background';
}
