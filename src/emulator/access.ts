import type { Principal } from './auth';
import type { EmulatorContext } from './context';
import { EmulatorHttpError } from './http-error';
import type { DatabaseRecord } from './state/databases';

/**
 * Whether `principal` can see a database (records.md: a Consumer reads only the databases it
 * can access). Our rule: Admins and Contributors see every database; a Consumer sees the
 * user databases that are not secured, and the secured ones that share a group with it.
 */
export function canAccessDatabase(principal: Principal, db: DatabaseRecord): boolean {
  if (principal.role !== 'Consumer') return true;
  if (db.system) return false;
  return db.groups.length === 0 || db.groups.some((group) => principal.groups.includes(group.id));
}

/** The database on an existing instance: 404 when either is unknown, 403 without access. */
export function requireDatabase(
  ctx: EmulatorContext,
  principal: Principal,
  instance: string,
  name: string,
): DatabaseRecord {
  const record = ctx.state.instances.require(instance);
  const db = ctx.state.databases.require(record.name, name);
  if (!canAccessDatabase(principal, db)) {
    throw new EmulatorHttpError(403, `You have no access to database ${db.name}.`);
  }
  return db;
}

/** Throws 409 when a job is already working on the database. */
export function requireIdle(db: DatabaseRecord): void {
  if (db.activeJobId !== null) {
    throw new EmulatorHttpError(
      409,
      `Database ${db.name} is busy (${db.status}) with job ${db.activeJobId}; wait until it finishes.`,
    );
  }
}
