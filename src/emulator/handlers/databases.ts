import { DATABASE_SORTABLE, parseSort } from '../../shared/contract/query';
import type { GroupOperation } from '../../shared/contract/records/instances';
import { canAccessDatabase, requireDatabase } from '../access';
import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import { dropDatabase } from '../jobs/database-changes';
import { startArchive, startCreate } from '../jobs/database-jobs';
import { futureExpiration } from '../jobs/job-helpers';
import type { Database } from '../../shared/contract/records/databases';
import { toDatabase, type DatabaseRecord } from '../state/databases';
import type { SecurityGroup } from '../state/groups';
import { patchArchive } from './archives';
import type { HandlersFor } from './types';

type Ids =
  | 'databases.create'
  | 'databases.list'
  | 'databases.get'
  | 'databases.drop'
  | 'databases.pin'
  | 'databases.updateSecurity'
  | 'databases.archive'
  | 'databases.updateArchive';

const SORT_KEYS: Record<string, (db: DatabaseRecord) => string | number> = {
  createdAt: (db) => db.createdAt,
  // "databases" is named as a sort key without a meaning; we read it as the name.
  databases: (db) => db.name.toLowerCase(),
  name: (db) => db.name.toLowerCase(),
  sizeInMb: (db) => db.sizeInMb,
};

function sortDatabases(rows: DatabaseRecord[], sort: string | undefined): DatabaseRecord[] {
  const parsed = parseSort(sort ?? 'name ASC', DATABASE_SORTABLE);
  if ('error' in parsed) throw new EmulatorHttpError(400, parsed.error);
  return rows.sort((a, b) => {
    for (const term of parsed.terms) {
      const key = SORT_KEYS[term.property] ?? SORT_KEYS.name;
      const [x, y] = [key?.(a) ?? 0, key?.(b) ?? 0];
      const diff = x < y ? -1 : x > y ? 1 : 0;
      if (diff !== 0) return term.direction === 'ASC' ? diff : -diff;
    }
    return 0;
  });
}

/** Adds and removes security groups (the PATCH of a database or an instance). */
function applyGroupOperations(
  ctx: EmulatorContext,
  current: readonly SecurityGroup[],
  operations: readonly GroupOperation[],
): SecurityGroup[] {
  let groups = [...current];
  for (const op of operations) {
    const [group] = ctx.state.groups.resolve([op.value]);
    if (!group) continue;
    groups = groups.filter((g) => g.id !== group.id);
    if (op.operation === 'Add') groups.push(group);
  }
  return groups;
}

/** A pin with an expiry ends when the expiry passes (checked lazily, on read). */
function view(ctx: EmulatorContext, db: DatabaseRecord): Database {
  if (db.pinned && db.pinExpiration !== null && db.pinExpiration <= ctx.now()) {
    db.pinned = false;
    db.pinExpiration = null;
  }
  return toDatabase(db);
}

function pinExpiration(ctx: EmulatorContext, text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw new EmulatorHttpError(400, `pinExpiration ${text} is not a valid date.`);
  if (ms <= ctx.now()) throw new EmulatorHttpError(400, `pinExpiration ${text} is in the past.`);
  return ms;
}

/** Handlers of the Databases group that finish within the request (and create/archive). */
export const databaseHandlers: HandlersFor<Ids> = {
  'databases.create': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const groups = ctx.state.groups.resolve(body.groupIds ?? [], body.groupNames ?? []);
    const job = startCreate({ ctx, principal, instance: instance.name }, body.databaseName, groups);
    return { body: { jobId: job.id } };
  },
  'databases.list': ({ params, query, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    if (query.adminAccess && principal.role !== 'Admin') {
      throw new EmulatorHttpError(403, 'adminAccess=true is for Admins only (interface rule 4).');
    }
    const all = ctx.state.databases.list(instance.name);
    const rows = query.adminAccess
      ? all
      : all.filter((db) => !db.system && canAccessDatabase(principal, db));
    return { body: sortDatabases(rows, query.sort).map((db) => view(ctx, db)) };
  },
  'databases.get': ({ params, principal }, ctx) => ({
    body: view(ctx, requireDatabase(ctx, principal, params.instanceName, params.databaseName)),
  }),
  'databases.drop': ({ params, principal }, ctx) => {
    const db = requireDatabase(ctx, principal, params.instanceName, params.databaseName);
    dropDatabase(
      { ctx, principal, instance: ctx.state.instances.require(params.instanceName).name },
      db,
    );
    return { status: 204 };
  },
  'databases.pin': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const expiration = body.pinned ? pinExpiration(ctx, body.pinExpiration) : null;
    const pinnedOthers = ctx.state.databases
      .list(instance.name)
      .filter((d) => d.pinned && d !== db);
    if (body.pinned && !db.pinned && pinnedOthers.length >= instance.pinnedDatabaseLimit) {
      throw new EmulatorHttpError(
        409,
        `${instance.name} already has its limit of ${instance.pinnedDatabaseLimit} pinned databases.`,
      );
    }
    db.pinned = body.pinned;
    db.pinExpiration = expiration;
    return {};
  },
  'databases.updateSecurity': ({ params, body, principal }, ctx) => {
    const db = requireDatabase(ctx, principal, params.instanceName, params.databaseName);
    db.groups = applyGroupOperations(ctx, db.groups, body);
    return {};
  },
  'databases.archive': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const expiration =
      body.expirationDate === undefined ? undefined : futureExpiration(ctx, body.expirationDate);
    const { job, archiveId } = startArchive(
      { ctx, principal, instance: instance.name },
      db,
      expiration,
    );
    return { body: { jobId: job.id, archiveId } };
  },
  'databases.updateArchive': ({ params, body }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const archive = ctx.state.archives.require(instance.name, params.archiveId);
    if (archive.name.toLowerCase() !== params.databaseName.toLowerCase()) {
      throw new EmulatorHttpError(
        404,
        `Archive ${params.archiveId} is not an archive of database ${params.databaseName}.`,
      );
    }
    patchArchive(ctx, archive, body);
    return {};
  },
};
