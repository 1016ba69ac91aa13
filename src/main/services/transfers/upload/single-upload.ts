import { fileTypeByExtension } from '../../../../shared/contract/enums';
import { AppError } from '../../../../shared/errors';
import type { ImportJournal } from '../journal-schema';
import { partUploaderFor } from './multipart-upload';
import { checkPresignedUrl } from '../presigned-http';
import type { TransferContext } from '../transfer-context';
import { readSourceOf } from './source-clone';

/**
 * The small-file path: GET import for a pre-signed URL of the whole file (`mdfUri` for MDF,
 * `backupUri` for BAK and DACPAC), then one streamed PUT with the same checks, retries and URL
 * renewal as a part. An interrupted single-stream upload starts over: the file is small.
 */
export async function runSingleUpload(ctx: TransferContext<ImportJournal>): Promise<void> {
  const journal = ctx.journal;
  const size = journal.source.size;
  const importFrom = fileTypeByExtension[journal.fileType];
  const parts = (done: number) => ({
    total: 1,
    done,
    inFlight: 1 - done,
    partSize: size,
    resent: journal.resentParts ?? 0,
  });
  ctx.setBytes(0, size);
  ctx.patch({ parts: parts(0) });
  const result = await partUploaderFor(ctx).upload({
    path: readSourceOf(journal).path,
    range: { partNumber: 1, start: 0, end: size - 1, length: size },
    label: 'the file',
    signal: ctx.signal,
    onProgress: (delta) => ctx.addBytes(delta),
    onRetry: () => {
      journal.resentParts = (journal.resentParts ?? 0) + 1;
      ctx.patch({ parts: parts(0) });
    },
    getUrl: async (signal) => {
      const answer = await ctx.client.call(
        'databases.prepareImport',
        {
          pathParams: { instanceName: journal.instanceName, databaseName: journal.databaseName },
          query: { importFrom },
        },
        { signal },
      );
      // records.md: mdfUri for importFrom 0, backupUri for 1 and 2; take the other if only it came.
      const url =
        (importFrom === 0 ? answer.mdfUri : answer.backupUri) ?? answer.mdfUri ?? answer.backupUri;
      if (!url) {
        throw new AppError({
          code: 'UNEXPECTED_RESPONSE',
          operation: 'databases.prepareImport',
          message: 'The service gave no upload URL for the file; try again later.',
        });
      }
      return checkPresignedUrl(url, 'the file');
    },
  });
  journal.parts = { '1': result.etag };
  ctx.patch({ parts: parts(1) });
}
