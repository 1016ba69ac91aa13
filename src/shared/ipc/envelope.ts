import { z } from 'zod';
import { AppErrorDataSchema, type AppErrorData } from '../errors';

/**
 * What every invoke answers, on both transports: the data, or the error as data. Main never
 * rejects an invoke with an Error (Electron would serialise its message and stack); it answers
 * `{ ok: false, error }` with a code from `src/shared/errors.ts`.
 */
export const IpcEnvelopeSchema = z.discriminatedUnion('ok', [
  // `data` is absent on the wire when a channel answers nothing (JSON drops undefined).
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: AppErrorDataSchema }),
]);

/** An answer carrying `T` on success. */
export type IpcEnvelope<T = unknown> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: AppErrorData };

/** A success envelope. */
export function okEnvelope<T>(data: T): IpcEnvelope<T> {
  return { ok: true, data };
}

/** A failure envelope. */
export function errorEnvelope(error: AppErrorData): IpcEnvelope<never> {
  return { ok: false, error };
}
