import type { AppErrorData } from '../errors';

/*
 * The answer of every invoke as plain data: its type and constructors, with no runtime import,
 * so the sandboxed preload can build one without bundling zod. Its schema (for a transport
 * that must check what arrives) is `IpcEnvelopeSchema` in envelope.ts.
 */

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
