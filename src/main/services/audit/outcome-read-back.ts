import { isAppError } from '../../../shared/errors';
import type { AuditIntentRecord } from '../../../shared/model/audit';
import type { ServiceClient } from '../http/service-client';

/*
 * How a change whose outcome never came is read back on a later start: the read that shows
 * whether it is there. Only changes whose effect a read answers plainly are checked: a
 * database or login that exists or not, an archive that is gone or not. The others (a pin,
 * a password, an import) stay "outcome unknown" for a person to look at.
 */

/** What a read back found, and how. */
export interface ReadBackFinding {
  readonly finding: 'done' | 'notDone' | 'unknown';
  readonly how: string;
}

type Exists = (client: ServiceClient) => Promise<boolean>;

/** How to read back one intent: the read, and whether "it exists" means done. */
interface ReadBack {
  readonly how: string;
  readonly exists: Exists;
  /** True when the change makes the thing exist (create), false when it removes it (drop). */
  readonly existsWhenDone: boolean;
}

/** The body field `name` of an intent's recorded input, when it is text. */
function bodyText(intent: AuditIntentRecord, name: string): string | undefined {
  const body = intent.input?.['body'];
  const value =
    body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Whether `read` finds its thing: true when it answers, false on 404 (NOT_FOUND). */
async function found(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

function databaseExists(instanceName: string, databaseName: string): Exists {
  return (client) =>
    found(() => client.call('databases.get', { pathParams: { instanceName, databaseName } }));
}

function loginExists(instanceName: string, login: string): Exists {
  return async (client) => {
    const logins = await client.call('logins.list', { pathParams: { instanceName } });
    return logins.some((entry) => entry.name.toLowerCase() === login.toLowerCase());
  };
}

/** The read back of `intent`, when its operation has one. */
function readBackOf(intent: AuditIntentRecord): ReadBack | undefined {
  const { instanceName, databaseName, loginName, archiveId } = intent.target;
  if (instanceName === undefined) return undefined;
  switch (intent.operation) {
    case 'databases.create': {
      const name = bodyText(intent, 'databaseName');
      if (name === undefined) return undefined;
      const how = `databases.get ${instanceName}/${name}`;
      return { how, exists: databaseExists(instanceName, name), existsWhenDone: true };
    }
    case 'databases.drop':
      if (databaseName === undefined) return undefined;
      return {
        how: `databases.get ${instanceName}/${databaseName}`,
        exists: databaseExists(instanceName, databaseName),
        existsWhenDone: false,
      };
    case 'logins.create': {
      const login = bodyText(intent, 'login');
      if (login === undefined) return undefined;
      const how = `logins.list ${instanceName}, looking for ${login}`;
      return { how, exists: loginExists(instanceName, login), existsWhenDone: true };
    }
    case 'logins.delete':
      if (loginName === undefined) return undefined;
      return {
        how: `logins.list ${instanceName}, looking for ${loginName}`,
        exists: loginExists(instanceName, loginName),
        existsWhenDone: false,
      };
    case 'archives.delete':
      if (archiveId === undefined) return undefined;
      return {
        how: `archives.get ${instanceName}/${archiveId}`,
        exists: (client) =>
          found(() => client.call('archives.get', { pathParams: { instanceName, archiveId } })),
        existsWhenDone: false,
      };
    default:
      return undefined;
  }
}

/**
 * Reads back `intent` with `client`: done or not done, or unknown (with why) when the read
 * failed. Undefined when its operation has no read back.
 */
export async function readBack(
  intent: AuditIntentRecord,
  client: ServiceClient,
): Promise<ReadBackFinding | undefined> {
  const rule = readBackOf(intent);
  if (rule === undefined) return undefined;
  try {
    const exists = await rule.exists(client);
    return {
      finding: exists === rule.existsWhenDone ? 'done' : 'notDone',
      how: `${rule.how}: ${exists ? 'found' : 'not found'}`,
    };
  } catch (error) {
    const why = isAppError(error) ? error.code : 'INTERNAL';
    return { finding: 'unknown', how: `${rule.how}: the read failed (${why})` };
  }
}
