import type { UploadKey } from '../blob-port';
import type { EmulatorContext } from '../context';
import type { GroupHandlers } from './types';

function uploadKey(
  ctx: EmulatorContext,
  params: { instanceName: string; databaseName: string; fileExtension: UploadKey['ext'] },
): UploadKey {
  const instance = ctx.state.instances.require(params.instanceName);
  return { instance: instance.name, database: params.databaseName, ext: params.fileExtension };
}

/**
 * Handlers of the multipart import upload. The blob store does the work (streams to disk,
 * part rules, ETags, pre-signed URLs); these only check the instance and pass the key on.
 */
export const uploadHandlers: GroupHandlers<'uploads'> = {
  'uploads.init': ({ params }, ctx) => ({ body: ctx.blobs.initUpload(uploadKey(ctx, params)) }),
  'uploads.getPartUrl': ({ params }, ctx) => ({
    body: ctx.blobs.partUrl(uploadKey(ctx, params), params.uploadId, params.partNumber),
  }),
  'uploads.putPart': async ({ params, req }, ctx) => ({
    body: await ctx.blobs.receivePart(
      uploadKey(ctx, params),
      params.uploadId,
      params.partNumber,
      req,
    ),
  }),
  'uploads.complete': async ({ params, body }, ctx) => {
    await ctx.blobs.completeUpload(uploadKey(ctx, params), body.uploadId, body.etags);
    return {};
  },
};
