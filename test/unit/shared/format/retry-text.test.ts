import { expect, it } from 'vitest';
import { retryText } from '../../../../src/shared/format/retry-text';

it('reads as the card and the progress line show it, counting down', () => {
  const retrying = {
    step: 'part 3',
    what: 'storage host not answering',
    attempt: 3,
    of: 8,
    at: new Date(20_000).toISOString(),
  };
  expect(retryText(retrying, 0)).toBe('storage host not answering, attempt 3 of 8, next in 20 s');
  expect(retryText(retrying, 19_500)).toBe(
    'storage host not answering, attempt 3 of 8, next in 1 s',
  );
  expect(retryText(retrying, 25_000)).toBe('storage host not answering, attempt 3 of 8, now');
});
