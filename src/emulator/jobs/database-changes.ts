import { randomUUID } from 'node:crypto';
import { requireIdle } from '../access';
import { EmulatorHttpError } from '../http-error';
import { archiveTypeOf } from '../state/archives';
import type { DatabaseRecord } from '../state/databases';
import type { JobRecord } from '../state/jobs';
import { about, type DatabaseJobTarget } from './database-jobs';
import { DROP_RETENTION_MS, occupy, settle } from './job-helpers';

/**
 * Starts MOVE_DATABASE to another instance of the tenant. An unknown destination answers 400
 * with the interface's exact text; a name taken there answers 409.
 */
export function startMove(t: DatabaseJobTarget, db: DatabaseRecord, serverName: string): JobRecord {
  const { ctx, instance } = t;
  const destination = ctx.state.instances.find(serverName);
  if (!destination) throw new EmulatorHttpError(400, 'serverName does not exist in the tenant.');
  if (destination.name === instance) {
    throw new EmulatorHttpError(400, `Database ${db.name} is already on ${instance}.`);
  }
  if (db.system)
    throw new EmulatorHttpError(400, `${db.name} is a system database and cannot be moved.`);
  requireIdle(db);
  ctx.state.databases.requireFree(destination.name, db.name);
  ctx.state.databases.reserve(destination.name, db.name);
  const job = ctx.jobs.start({
    ...about(t, 'MOVE_DATABASE', db.name),
    run: () => {
      ctx.state.databases.remove(instance, db.name);
      ctx.sessions.of(instance).onDatabaseRemoved(db.name);
      ctx.state.databases.release(destination.name, db.name);
      settle(db);
      ctx.state.databases.add(destination.name, db);
    },
    onFail: () => {
      ctx.state.databases.release(destination.name, db.name);
      settle(db);
    },
  });
  occupy(db, job, 'Moving');
  return job;
}

/** Starts RENAME_DATABASE; the new name is held during the job. 409 if it is taken. */
export function startRename(t: DatabaseJobTarget, db: DatabaseRecord, name: string): JobRecord {
  const { ctx, instance } = t;
  if (db.system)
    throw new EmulatorHttpError(400, `${db.name} is a system database and cannot be renamed.`);
  requireIdle(db);
  const caseOnly = name.toLowerCase() === db.name.toLowerCase();
  if (!caseOnly) {
    ctx.state.databases.requireFree(instance, name);
    ctx.state.databases.reserve(instance, name);
  }
  const from = db.name;
  const job = ctx.jobs.start({
    ...about(t, 'RENAME_DATABASE', from),
    run: () => {
      ctx.state.databases.release(instance, name);
      ctx.state.databases.rename(instance, from, name);
      ctx.sessions.of(instance).onDatabaseRenamed(from, name);
      settle(db);
    },
    onFail: () => {
      if (!caseOnly) ctx.state.databases.release(instance, name);
      settle(db);
    },
  });
  // Renaming has no status of its own in records.md; the database stays Ready but busy.
  occupy(db, job, 'Ready');
  return job;
}

/** Starts SHRINK_DATABASE: the database gets smaller (a little when only logs are truncated). */
export function startShrink(
  t: DatabaseJobTarget,
  db: DatabaseRecord,
  truncateLogsOnly: boolean,
): JobRecord {
  requireIdle(db);
  const job = t.ctx.jobs.start({
    ...about(t, 'SHRINK_DATABASE', db.name),
    run: () => {
      const factor = truncateLogsOnly ? 0.95 : 0.8;
      db.sizeInMb = Math.max(1, Math.round(db.sizeInMb * factor));
      settle(db);
    },
    onFail: () => settle(db),
  });
  occupy(db, job, 'Shrinking');
  return job;
}

/**
 * Drops a database within the request (the interface answers 200/204, not 202): it is gone at
 * once, an archive of it with source type 0 is kept for 30 days, and a finished DROP_DATABASE
 * job is recorded so the instance's job list shows what happened.
 */
export function dropDatabase(t: DatabaseJobTarget, db: DatabaseRecord): void {
  const { ctx, instance } = t;
  if (db.system)
    throw new EmulatorHttpError(400, `${db.name} is a system database and cannot be dropped.`);
  requireIdle(db);
  const now = ctx.now();
  ctx.state.databases.remove(instance, db.name);
  ctx.sessions.of(instance).onDatabaseRemoved(db.name);
  ctx.state.archives.add({
    archiveId: randomUUID(),
    serverName: instance,
    name: db.name,
    databaseType: archiveTypeOf(db.databaseSchema),
    sizeInMb: db.sizeInMb,
    createDate: now,
    expiryDate: now + DROP_RETENTION_MS,
    createdBy: t.principal.name,
    storageTypeId: 0,
    sourceTypeId: 0,
  });
  ctx.jobs.recordFinished({
    ...about(t, 'DROP_DATABASE', db.name),
    status: 'Succeeded',
    createTime: now,
    endTime: now,
  });
}
