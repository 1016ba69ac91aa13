import { z } from 'zod';
import { FileExtensionSchema } from '../enums';
import {
  atLeast,
  defineOperation,
  instanceParams,
  json,
  jsonAnswer,
  noBody,
  pathText,
} from '../operation';
import { ImportDatabaseNameSchema, decimalInteger } from '../primitives';
import {
  CompleteUploadRequestSchema,
  InitUploadResponseSchema,
  MAX_PART_NUMBER,
  MIN_PART_NUMBER,
} from '../records/uploads';

const UPLOAD_BASE = '/v1/sql-instances/{instanceName}/databases/{databaseName}/{fileExtension}';
const PART_PATH = `${UPLOAD_BASE}/upload-part/{uploadId}/{partNumber}` as const;

const uploadParams = {
  ...instanceParams,
  databaseName: pathText('databaseName'),
  fileExtension: FileExtensionSchema,
};

const partParams = z.object({
  ...uploadParams,
  uploadId: pathText('uploadId'),
  partNumber: decimalInteger('partNumber must be a whole number written in decimal digits').pipe(
    z
      .number()
      .min(MIN_PART_NUMBER, { error: `partNumber must be at least ${MIN_PART_NUMBER}` })
      .max(MAX_PART_NUMBER, { error: `partNumber must be at most ${MAX_PART_NUMBER}` }),
  ),
});

/**
 * Operations of the multipart import upload. A part is normally PUT straight to the
 * pre-signed URL from `uploads.getPartUrl`, without the service's `Authorization` header;
 * `uploads.putPart` is the service's own proxy for the same thing.
 */
export const uploadOperations = [
  defineOperation({
    id: 'uploads.init',
    group: 'uploads',
    method: 'POST',
    service: 'api',
    path: `${UPLOAD_BASE}/init-upload`,
    // Only init-upload carries the interface's pattern; the later calls name the same upload.
    pathParams: z.object({ ...uploadParams, databaseName: ImportDatabaseNameSchema }),
    success: [200],
    response: jsonAnswer(InitUploadResponseSchema),
    roles: atLeast('Contributor'),
    summary: 'Start a multipart upload of a database file for import',
  }),
  defineOperation({
    id: 'uploads.getPartUrl',
    group: 'uploads',
    method: 'GET',
    service: 'api',
    path: PART_PATH,
    pathParams: partParams,
    success: [200],
    response: { kind: 'string', schema: z.string() },
    roles: atLeast('Contributor'),
    summary: 'Get the pre-signed URL to upload one part to',
  }),
  defineOperation({
    id: 'uploads.putPart',
    group: 'uploads',
    method: 'PUT',
    service: 'api',
    path: PART_PATH,
    pathParams: partParams,
    body: { contentType: 'bytes' },
    success: [200],
    // The answer is the part's ETag, to be sent back in complete-upload.
    response: { kind: 'string', schema: z.string() },
    roles: atLeast('Contributor'),
    summary: 'Upload one part through the service and get its ETag',
  }),
  defineOperation({
    id: 'uploads.complete',
    group: 'uploads',
    method: 'POST',
    service: 'api',
    path: `${UPLOAD_BASE}/complete-upload`,
    pathParams: z.object(uploadParams),
    body: json(CompleteUploadRequestSchema),
    success: [200],
    response: noBody,
    roles: atLeast('Contributor'),
    summary: 'Complete a multipart upload from the ETags of its parts',
  }),
] as const;
