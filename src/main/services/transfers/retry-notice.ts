import { isAppError } from '../../../shared/errors';
import type { TransferRetrying } from '../../../shared/model/transfer';
import { floorText, TooSlowError } from './throughput-floor';
import type { TransferEngineSettings } from './transfer-context';

/*
 * What a transfer's card and the command's progress line say while a step is tried again:
 * "storage host not answering, attempt 3 of 8, next in 20 s", or "storage host too slow (under
 * 1.00 KiB/s for 1 min)" for one below the throughput floor. The words come from the error
 * and from whom the step talks to: the storage host (a part, a download) or the service (the
 * upload's start and end, the job).
 */

/** Steps that talk to the service; every other step talks to a storage host. */
const SERVICE_STEPS = new Set(['init-upload', 'complete-upload']);

/** Who a step talks to. */
function peerOf(step: string): string {
  return SERVICE_STEPS.has(step) || step.startsWith('job') || step.includes('.')
    ? 'the service'
    : 'storage host';
}

/** What is wrong, in a few words. */
export function retryReason(step: string, error: unknown): string {
  const peer = peerOf(step);
  if (!isAppError(error)) return `${peer} failing`;
  if (error.code === 'RATE_LIMITED') return `${peer} asked to slow down`;
  if (error instanceof TooSlowError) return `${peer} too slow (${floorText(error.floor)})`;
  if (error.code === 'UNAVAILABLE' || (error.status ?? 0) >= 500) {
    return `${peer} failing${error.status ? ` (HTTP ${error.status})` : ''}`;
  }
  if (error.code === 'NETWORK') return `${peer} not answering`;
  return `${peer} failing`;
}

/** The notice of a retry: `attempt` is the one that failed; the next one starts after `delayMs`. */
export function retryNotice(
  step: string,
  error: unknown,
  failed: { attempt: number; of: number; delayMs: number },
  now: number,
): TransferRetrying {
  return {
    step,
    what: retryReason(step, error),
    attempt: failed.attempt + 1,
    of: failed.of,
    at: new Date(now + failed.delayMs).toISOString(),
  };
}

/**
 * The handler every retrying step of a transfer shares: logs the retry (no URL) and hands
 * its notice to `notify` (the record the card and the progress line read).
 */
export function reportRetry(
  settings: Pick<TransferEngineSettings, 'logger' | 'retry' | 'now'>,
  transferId: string,
  notify: (step: string, notice: TransferRetrying) => void,
): (step: string, error: unknown, attempt: number, delayMs: number) => void {
  return (step, error, attempt, delayMs) => {
    settings.logger.warn('Retrying a transfer step', {
      transferId,
      step,
      attempt,
      delayMs,
      code: isAppError(error) ? error.code : undefined,
      status: isAppError(error) ? error.status : undefined,
    });
    const of = settings.retry.maxAttempts;
    notify(step, retryNotice(step, error, { attempt, of, delayMs }, settings.now()));
  };
}
