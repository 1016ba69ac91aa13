import { AppError } from '../../../shared/errors';
import type { JobEvent, TrackedJob } from '../../../shared/model/job-event';
import { isFinal } from './tracked-job';

/** What {@link waitForFinal} listens to. */
export interface WaitForFinal {
  readonly jobId: string;
  readonly onDidChange: (listener: (event: JobEvent) => void) => () => void;
  /** Any of these aborting stops the wait with CANCELLED (the caller's, the watcher's). */
  readonly signals: readonly (AbortSignal | undefined)[];
}

/** Resolves with the job's first final event; rejects with CANCELLED when a signal aborts. */
export function waitForFinal({ jobId, onDidChange, signals }: WaitForFinal): Promise<TrackedJob> {
  const cancelled = (): AppError =>
    new AppError({ code: 'CANCELLED', message: `Stopped waiting for job ${jobId}.` });
  const live = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (live.some((signal) => signal.aborted)) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      unsubscribe();
      for (const signal of live) signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      stop();
      reject(cancelled());
    };
    const unsubscribe = onDidChange((event) => {
      if (event.job.jobId !== jobId || !isFinal(event.job)) return;
      stop();
      resolve(event.job);
    });
    for (const signal of live) signal.addEventListener('abort', onAbort, { once: true });
  });
}
