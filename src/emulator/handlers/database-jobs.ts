import { fileExtensionByType } from '../../shared/contract/enums';
import { requireDatabase } from '../access';
import { startMove, startRename, startShrink } from '../jobs/database-changes';
import { startExport, startImport } from '../jobs/database-jobs';
import type { HandlersFor } from './types';

type Ids =
  | 'databases.export'
  | 'databases.prepareImport'
  | 'databases.import'
  | 'databases.move'
  | 'databases.rename'
  | 'databases.shrink';

/** Handlers of the Databases operations that start (or prepare) background jobs. */
export const databaseJobHandlers: HandlersFor<Ids> = {
  'databases.export': ({ params, query, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const target = { ctx, principal, instance: instance.name };
    return { body: { jobId: startExport(target, db, query.exportTo, query.detachOnly).id } };
  },
  'databases.prepareImport': ({ params, query }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    // Importing into a name that exists answers 409 here already, before any upload.
    ctx.state.databases.requireFree(instance.name, params.databaseName);
    const key = {
      instance: instance.name,
      database: params.databaseName,
      ext: fileExtensionByType[query.importFrom],
    };
    const { url, expiresAt } = ctx.blobs.singleUploadUrl(key);
    // records.md: `mdfUri` for MDF (0), `backupUri` for BAK (1) and DACPAC (2).
    const body =
      query.importFrom === 0 ? { mdfUri: url, expiresAt } : { backupUri: url, expiresAt };
    return { body };
  },
  'databases.import': ({ params, query, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const groups = ctx.state.groups.resolve(body.groupIds ?? []);
    const target = { ctx, principal, instance: instance.name };
    return {
      body: { jobId: startImport(target, params.databaseName, query.importFrom, groups).id },
    };
  },
  'databases.move': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const job = startMove({ ctx, principal, instance: instance.name }, db, body.serverName);
    // The interface names the MOVE_DATABASE job in `Location` and answers an empty object.
    const location = `${ctx.origin()}/databridge/v1/Jobs/${encodeURIComponent(job.id)}`;
    return { body: {}, headers: { Location: location } };
  },
  'databases.rename': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    return {
      body: { jobId: startRename({ ctx, principal, instance: instance.name }, db, body.name).id },
    };
  },
  'databases.shrink': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const target = { ctx, principal, instance: instance.name };
    return { body: { jobId: startShrink(target, db, body.truncateLogsOnly ?? false).id } };
  },
};
