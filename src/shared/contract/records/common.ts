import { z } from 'zod';

/**
 * `{ jobId }`, the answer of operations that start a background job [public]. Also the shape
 * of CreateDatabaseResponse, ImportDatabaseResponse, ExportDatabaseResponse,
 * CreateLoginResponse and DeleteLoginResponse.
 */
export const JobIdResponseSchema = z.looseObject({ jobId: z.string() });

/**
 * The platform-wide error envelope [public], e.g. `{ code: "DATA-BRIDGE-404", message, logId }`.
 * The error format is not part of the interface, so the client also reads
 * {@link ProblemDocumentSchema} and plain text; the emulator always answers this shape.
 */
export const ErrorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  logId: z.string(),
});
/** See {@link ErrorBodySchema}. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * An ASP.NET problem document (RFC 9457), which the real service may answer instead of
 * {@link ErrorBodySchema}. Every field is optional; `errors` maps a field to its messages.
 */
export const ProblemDocumentSchema = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().nullish(),
  detail: z.string().nullish(),
  errors: z.record(z.string(), z.array(z.string())).nullish(),
});

/**
 * The empty JSON object that move answers with its 202; the job is named by the `Location`
 * header instead. Loose, so a body the service fills one day is kept.
 */
export const EmptyObjectResponseSchema = z.looseObject({});
