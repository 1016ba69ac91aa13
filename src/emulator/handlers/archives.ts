import type { ArchivePatch } from '../../shared/contract/records/archives';
import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import { startRestore } from '../jobs/database-jobs';
import { futureExpiration } from '../jobs/job-helpers';
import { queryArchives } from '../state/archive-query';
import { toArchivesDetail, toArchivesResponse, type ArchiveRecord } from '../state/archives';
import type { GroupHandlers } from './types';

/** An archive's download files are small stand-ins; no need to write its full size. */
const ARCHIVE_DOWNLOAD_MAX_MB = 4;

/**
 * Pre-signed download URIs of an archive. The blob store writes its file the first time the
 * archive is read (keyed like an export job; concurrent first reads share that write), then
 * only signs fresh URLs.
 */
async function downloadUris(ctx: EmulatorContext, archive: ArchiveRecord): Promise<string[]> {
  const key = `archive-${archive.archiveId}`;
  archive.downloadFile ??= ctx.blobs.createExport({
    instance: archive.serverName,
    database: archive.name,
    ext: 'bak',
    sizeMb: Math.max(1, Math.min(archive.sizeInMb, ARCHIVE_DOWNLOAD_MAX_MB)),
    jobId: key,
  });
  try {
    await archive.downloadFile;
  } catch (error) {
    archive.downloadFile = undefined;
    throw error;
  }
  return ctx.blobs.refreshDownloadUris(key);
}

/** Applies an ArchivePatch: storage type and expiry, with the expiry in the future. */
export function patchArchive(
  ctx: EmulatorContext,
  archive: ArchiveRecord,
  patch: ArchivePatch,
): void {
  if (patch.storageType === undefined && patch.expirationDate === undefined) {
    throw new EmulatorHttpError(400, 'Give a storageType, an expirationDate, or both.');
  }
  const expiry =
    patch.expirationDate === undefined ? undefined : futureExpiration(ctx, patch.expirationDate);
  if (patch.storageType !== undefined)
    archive.storageTypeId = patch.storageType === 'Temporary' ? 0 : 1;
  if (expiry !== undefined) archive.expiryDate = expiry;
}

/** Handlers of the Archives group. */
export const archiveHandlers: GroupHandlers<'archives'> = {
  'archives.list': ({ params, query }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const rows = ctx.state.archives.list(instance.name).map(toArchivesResponse);
    return { body: queryArchives(rows, query) };
  },
  'archives.get': async ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const archive = ctx.state.archives.require(instance.name, params.archiveId);
    return { body: toArchivesDetail(archive, await downloadUris(ctx, archive)) };
  },
  'archives.delete': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const archive = ctx.state.archives.require(instance.name, params.archiveId);
    ctx.state.archives.remove(archive.archiveId);
    return {};
  },
  'archives.restore': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const archive = ctx.state.archives.require(instance.name, params.archiveId);
    const job = startRestore({ ctx, principal, instance: instance.name }, archive, {
      databaseName: body.databaseName,
      groups: ctx.state.groups.resolve(body.groupIds ?? []),
      skipRegister: body.skipRegister ?? false,
    });
    return { body: { jobId: job.id } };
  },
};
