import { randomUUID } from 'node:crypto';
import { fileExtensionByType, type FileTypeValue } from '../../shared/contract/enums';
import { MAX_EXPORT_WITHOUT_DETACH_MB } from '../../shared/contract/query';
import { requireIdle } from '../access';
import type { Principal } from '../auth';
import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import { archiveTypeOf, type ArchiveRecord } from '../state/archives';
import { newDatabase, type DatabaseRecord } from '../state/databases';
import type { SecurityGroup } from '../state/groups';
import type { JobRecord } from '../state/jobs';
import { checkImportFile, findImportFile } from './import-file';
import { PERMANENT_EXPIRY_MS, occupy, settle } from './job-helpers';

/** Where a database job runs and who asked for it. */
export interface DatabaseJobTarget {
  readonly ctx: EmulatorContext;
  readonly principal: Principal;
  /** The instance's canonical name. */
  readonly instance: string;
  /** Job duration; the emulator's typical one when left out. */
  readonly durationMs?: number;
}

/** Starts CREATE_DATABASE: the database shows `Creating`, then `Ready`. 409 if the name is taken. */
export function startCreate(
  t: DatabaseJobTarget,
  name: string,
  groups: SecurityGroup[],
): JobRecord {
  const { ctx, instance } = t;
  ctx.state.databases.requireFree(instance, name);
  const limit = ctx.state.instances.require(instance).databaseLimit;
  if (ctx.state.databases.list(instance).filter((db) => !db.system).length >= limit) {
    throw new EmulatorHttpError(409, `${instance} already holds its limit of ${limit} databases.`);
  }
  const db = newDatabase({
    name,
    status: 'Creating',
    owner: t.principal.name,
    createdAt: ctx.now(),
    groups,
  });
  ctx.state.databases.add(instance, db);
  const job = ctx.jobs.start({
    ...about(t, 'CREATE_DATABASE', name),
    run: () => settle(db),
    onFail: () => ctx.state.databases.remove(instance, name),
  });
  occupy(db, job, 'Creating');
  return job;
}

/**
 * Starts IMPORT_DATABASE into a new database. The job takes the last upload for that name and
 * type, checks that the file looks like its type, and fails with a clear error otherwise.
 */
export function startImport(
  t: DatabaseJobTarget,
  name: string,
  importFrom: FileTypeValue | undefined,
  groups: SecurityGroup[],
): JobRecord {
  const { ctx, instance } = t;
  ctx.state.databases.requireFree(instance, name);
  const db = newDatabase({
    name,
    status: 'Importing',
    owner: t.principal.name,
    createdAt: ctx.now(),
    groups,
  });
  ctx.state.databases.add(instance, db);
  const ext = importFrom === undefined ? undefined : fileExtensionByType[importFrom];
  const job = ctx.jobs.start({
    ...about(t, 'IMPORT_DATABASE', name),
    run: async () => {
      const file = await findImportFile(ctx.blobs, instance, name, ext);
      await checkImportFile(file);
      // A backup or package expands when restored; an MDF is the data file itself.
      const factor = file.ext === 'mdf' ? 1 : 3;
      db.sizeInMb = Math.max(1, Math.ceil((file.sizeBytes * factor) / (1024 * 1024)));
      db.databaseSchema = 'Edm';
      settle(db);
    },
    onFail: () => ctx.state.databases.remove(instance, name),
  });
  occupy(db, job, 'Importing');
  return job;
}

/**
 * Starts EXPORT_DATABASE (interface rules 1 to 3): over 100 GB needs `detachOnly`; with
 * `detachOnly` the database is `Offline` during the job. On success the blob store writes
 * the file and the job detail lists its download URIs.
 */
export function startExport(
  t: DatabaseJobTarget,
  db: DatabaseRecord,
  exportTo: FileTypeValue,
  detachOnly: boolean,
): JobRecord {
  const { ctx, instance } = t;
  const active = db.activeJobId === null ? undefined : ctx.state.jobs.require(db.activeJobId);
  if (active?.type === 'EXPORT_DATABASE') {
    throw new EmulatorHttpError(
      409,
      `Database ${db.name} is already being exported (job ${active.id}).`,
    );
  }
  requireIdle(db);
  if (!detachOnly && db.sizeInMb > MAX_EXPORT_WITHOUT_DETACH_MB) {
    throw new EmulatorHttpError(
      400,
      `Database ${db.name} is larger than 100 GB (${db.sizeInMb} MB): export it with detachOnly=true and exportTo=0 (MDF).`,
    );
  }
  const job = ctx.jobs.start({
    ...about(t, 'EXPORT_DATABASE', db.name),
    run: async (self) => {
      const ext = fileExtensionByType[exportTo];
      await ctx.blobs.createExport({
        instance,
        database: db.name,
        ext,
        sizeMb: db.sizeInMb,
        jobId: self.id,
      });
      self.hasDownloads = true;
      settle(db);
    },
    onFail: () => settle(db),
  });
  occupy(db, job, detachOnly ? 'Offline' : 'Exporting');
  return job;
}

/** Starts ARCHIVE_DATABASE; the archive (source type 2) appears when the job succeeds. */
export function startArchive(
  t: DatabaseJobTarget,
  db: DatabaseRecord,
  expiration: number | undefined,
): { job: JobRecord; archiveId: string } {
  const { ctx, instance } = t;
  requireIdle(db);
  const archiveId = randomUUID();
  const job = ctx.jobs.start({
    ...about(t, 'ARCHIVE_DATABASE', db.name),
    run: () => {
      const createDate = ctx.now();
      ctx.state.archives.add({
        archiveId,
        serverName: instance,
        name: db.name,
        databaseType: archiveTypeOf(db.databaseSchema),
        sizeInMb: db.sizeInMb,
        createDate,
        expiryDate: expiration ?? createDate + PERMANENT_EXPIRY_MS,
        createdBy: t.principal.name,
        storageTypeId: expiration === undefined ? 1 : 0,
        sourceTypeId: 2,
      });
      settle(db);
    },
    onFail: () => settle(db),
  });
  occupy(db, job, 'Archiving');
  return { job, archiveId };
}

/** Starts RESTORE_ARCHIVE into a new database on the archive's instance. 409 if the name is taken. */
export function startRestore(
  t: DatabaseJobTarget,
  archive: ArchiveRecord,
  request: { databaseName: string; groups: SecurityGroup[]; skipRegister: boolean },
): JobRecord {
  const { ctx, instance } = t;
  const name = request.databaseName;
  ctx.state.databases.requireFree(instance, name);
  const schema = { EDM: 'Edm', RDM: 'Rdm', UNKNOWN: 'Unknown' }[archive.databaseType];
  const db = newDatabase({
    name,
    status: 'Restoring',
    owner: t.principal.name,
    createdAt: ctx.now(),
    sizeInMb: archive.sizeInMb,
    databaseSchema: schema,
    registered: !request.skipRegister,
    groups: request.groups,
  });
  ctx.state.databases.add(instance, db);
  const job = ctx.jobs.start({
    ...about(t, 'RESTORE_ARCHIVE', name),
    run: () => settle(db),
    onFail: () => ctx.state.databases.remove(instance, name),
  });
  occupy(db, job, 'Restoring');
  return job;
}

/** The common fields of a database job. */
export function about(t: DatabaseJobTarget, type: JobRecord['type'], name: string) {
  return {
    type,
    instance: t.instance,
    resourceName: name,
    resourceType: 'Database' as const,
    owner: t.principal.name,
    ...(t.durationMs === undefined ? {} : { durationMs: t.durationMs }),
  };
}
