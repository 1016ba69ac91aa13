import type { WindowAction } from '@shared/ipc/resource-channels';
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import type { InstanceMonitorState, MonitorSessions } from '@shared/model/monitor';
import { filterRows } from '@shared/filter/evaluate';
import { parseFilter } from '@shared/filter/parser';
import { useIpcClient } from '../api/client';
import { asAppError } from '../api/app-error';

/** What a session monitor watches: an instance, or one database of it. */
export interface SessionsTarget {
  readonly profileId: string;
  readonly instanceName: string;
  readonly databaseName?: string | undefined;
}

/** The last snapshot a session monitor took of its target. */
export interface SessionsSnapshot {
  readonly target: SessionsTarget;
  readonly rows: readonly Session[];
}

/** How a kill ended. */
export type KillOutcome =
  { readonly outcome: 'killed' } | { readonly outcome: 'refused'; readonly message: string };

/** A stable key of a target (for alerts and caches). */
function sessionsTargetKey(target: SessionsTarget): string {
  return [target.profileId, target.instanceName, target.databaseName ?? ''].join('\n');
}

/**
 * Why `now` is not the session the user confirmed, or undefined when it is. A spid is reused
 * by a new connection once the old one ends, so the login and its login time must match.
 */
export function killRefusal(confirmed: Session, now: Session | undefined): string | undefined {
  const spid = confirmed.sessionId;
  if (!now) return `Session ${spid} has ended already; nothing was terminated.`;
  if (now.loginName !== confirmed.loginName || now.loginTime !== confirmed.loginTime) {
    return `Session ${spid} now belongs to ${now.loginName} (logged in ${now.loginTime}), not to ${confirmed.loginName}: the server reused the spid. Nothing was terminated; refresh and check again.`;
  }
  return undefined;
}

/** The sessions of `rows` the target shows: all of an instance, or those of its database. */
export function sessionsOfTarget(target: SessionsTarget, rows: readonly Session[]): Session[] {
  const name = target.databaseName?.toLowerCase();
  // Database names compare as the server does, without regard to case.
  return name === undefined
    ? [...rows]
    : rows.filter((row) => row.databaseName?.toLowerCase() === name);
}

/**
 * Sessions of instances and databases. Views read the monitor's last sample of an instance
 * (`monitor:getSessions`; main samples every watched instance once per interval, whoever
 * looks) and ask it for a sample now (`monitor:sampleNow`). `list` reads the service itself
 * (`sessions:list` with the interface's filter, `sessions:listByDatabase`, whose filter is
 * applied here with the same grammar): for an instance the monitor does not watch, and to
 * read a session again before the guarded kill, which is refused when the spid now belongs
 * to another login or login time. Main's audit trail records every kill that reached the
 * service (the Audit view's "Session kills only" filter is the kill log).
 */
export const useSessionsStore = defineStore('sessions', () => {
  const client = useIpcClient();

  /** One snapshot of the target's sessions, filtered by `filter` (session grammar). */
  async function list(target: SessionsTarget, filter = ''): Promise<Session[]> {
    const text = filter.trim();
    if (target.databaseName === undefined) {
      return client.invoke('sessions:list', {
        profileId: target.profileId,
        pathParams: { instanceName: target.instanceName },
        ...(text ? { query: { filter: text } } : {}),
      });
    }
    const rows = await client.invoke('sessions:listByDatabase', {
      profileId: target.profileId,
      pathParams: { instanceName: target.instanceName, databaseName: target.databaseName },
    });
    return text ? filterRows(parseFilter(text, 'sessions'), rows) : rows;
  }

  /** The monitor's last sample of the target's instance. Throws AppError (NOT_FOUND: unwatched). */
  function monitored(target: SessionsTarget): Promise<MonitorSessions> {
    return client.invoke('monitor:getSessions', {
      profileId: target.profileId,
      instanceName: target.instanceName,
    });
  }

  /** Asks the monitor to sample the target's instance now; `monitor:onDidChange` follows. */
  function sampleNow(target: SessionsTarget): Promise<void> {
    return client.invoke('monitor:sampleNow', {
      profileId: target.profileId,
      instanceName: target.instanceName,
    });
  }

  /** Calls `listener` after each sample of a watched instance; answers its stop. */
  function onDidSample(listener: (state: InstanceMonitorState) => void): () => void {
    return client.on('monitor:onDidChange', listener);
  }

  /** The session with `spid` now, or undefined when it is gone. Throws AppError. */
  async function reread(target: SessionsTarget, spid: number): Promise<Session | undefined> {
    const rows = await list(target, `sessionId = ${spid}`);
    return rows.find((row) => row.sessionId === spid);
  }

  /**
   * Terminates `confirmed` (the session as the user saw it in the confirmation): reads it
   * again, refuses when it changed hands, else kills it (for `action`: a bulk kill). Throws
   * AppError when the service refuses the kill.
   */
  async function kill(
    target: SessionsTarget,
    confirmed: Session,
    action?: WindowAction,
  ): Promise<KillOutcome> {
    const spid = confirmed.sessionId;
    let refusal: string | undefined;
    try {
      refusal = killRefusal(confirmed, await reread(target, spid));
      if (refusal === undefined) {
        if (target.databaseName === undefined) {
          await client.invoke('sessions:kill', {
            profileId: target.profileId,
            pathParams: { instanceName: target.instanceName, spid: String(spid) },
            ...(action ? { action } : {}),
          });
        } else {
          await client.invoke('sessions:killByDatabase', {
            profileId: target.profileId,
            pathParams: {
              instanceName: target.instanceName,
              databaseName: target.databaseName,
              spid: String(spid),
            },
            ...(action ? { action } : {}),
          });
        }
      }
    } catch (caught) {
      throw asAppError(caught);
    }
    if (refusal !== undefined) return { outcome: 'refused', message: refusal };
    return { outcome: 'killed' };
  }

  /** The last snapshot of every monitor opened, by target key (jump-to lists them). */
  const snapshots = shallowRef<ReadonlyMap<string, SessionsSnapshot>>(new Map());

  /** Keeps a monitor's latest snapshot (replaced whole: rows are not deeply reactive). */
  function remember(target: SessionsTarget, rows: readonly Session[]): void {
    const key = sessionsTargetKey(target);
    snapshots.value = new Map(snapshots.value).set(key, { target: { ...target }, rows });
  }

  return { snapshots, list, monitored, sampleNow, onDidSample, reread, kill, remember };
});
