import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';

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

// The envelope's type and constructors are zod-free (the preload builds envelopes too).
export { errorEnvelope, okEnvelope, type IpcEnvelope } from './envelope-data';
