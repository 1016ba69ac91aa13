import type { TransferRetrying } from '../model/transfer';

/** `storage host not answering, attempt 3 of 8, next in 20 s`, as it reads at `now`. */
export function retryText(retrying: TransferRetrying, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(retrying.at) - now) / 1000));
  const when = seconds > 0 ? `next in ${seconds} s` : 'now';
  return `${retrying.what}, attempt ${retrying.attempt} of ${retrying.of}, ${when}`;
}
