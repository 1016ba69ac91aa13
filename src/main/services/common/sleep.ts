import { AppError } from '../../../shared/errors';

/**
 * Waits `ms`, or rejects with {@link abortReason} as soon as `signal` aborts. Services take
 * one as an option so that tests can wait without real timers.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The {@link Sleep} on real timers, every service's default. */
export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The error to throw for an aborted signal: its reason when it is an Error, else CANCELLED. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new AppError({ code: 'CANCELLED', message: 'The work was stopped.' });
}
