import { z } from 'zod';
import { requiredText } from '../primitives';

/** Part numbers of a multipart upload (object-store rule): 1 to 10,000. */
export const MIN_PART_NUMBER = 1;
/** The largest part number of a multipart upload. */
export const MAX_PART_NUMBER = 10_000;
/** Every part but the last must be at least 5 MiB (object-store rule). */
export const MIN_PART_SIZE_BYTES = 5 * 1024 * 1024;
/** No part may exceed 5 GiB (object-store rule). */
export const MAX_PART_SIZE_BYTES = 5 * 1024 * 1024 * 1024;

/** Answer of init-upload [public]: the upload id (a UUID, read as any string). */
export const InitUploadResponseSchema = z.looseObject({ uploadId: z.string() });

/** True for a decimal part number `1`..`10000` written without leading zeros. */
export function isPartNumberKey(key: string): boolean {
  return /^[1-9]\d{0,4}$/.test(key) && Number(key) <= MAX_PART_NUMBER;
}

const PartNumberKeySchema = z.string().refine(isPartNumberKey, {
  error: `Part numbers must be whole numbers from ${MIN_PART_NUMBER} to ${MAX_PART_NUMBER}`,
});

/**
 * Body of complete-upload [public]: the ETag of every part, keyed by part number as a string.
 * ETags may keep or drop their surrounding quotes; the service accepts both.
 */
export const CompleteUploadRequestSchema = z.strictObject({
  uploadId: requiredText('Upload id'),
  etags: z
    .record(PartNumberKeySchema, requiredText('ETag'))
    .refine((etags) => Object.keys(etags).length > 0, {
      error: 'Give the ETag of at least one part',
    }),
});
