import { describe, expect, it } from 'vitest';
import {
  createFailedJobErrors,
  failedJobErrorText,
} from '@renderer/components/jobs/failed-job-errors';

/** A fetch whose answers the test releases one by one. */
function controlledFetch() {
  const calls: string[] = [];
  const pending = new Map<
    string,
    { resolve: (v: string | null) => void; reject: (e: Error) => void }
  >();
  const fetchError = (jobId: string) =>
    new Promise<string | null>((resolve, reject) => {
      calls.push(jobId);
      pending.set(jobId, { resolve, reject });
    });
  return { calls, pending, fetchError };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the errors of failed jobs', () => {
  it('reads at most `concurrency` details at once, then the next ones', async () => {
    const fake = controlledFetch();
    const loader = createFailedJobErrors({ fetchError: fake.fetchError, concurrency: 2 });
    loader.want(['a', 'b', 'c', 'd']);
    expect(fake.calls).toEqual(['a', 'b']);
    expect(loader.running()).toBe(2);
    expect(failedJobErrorText(loader.errors.value.get('c'))).toBe('…');
    fake.pending.get('a')?.resolve('disk full');
    await flush();
    expect(fake.calls).toEqual(['a', 'b', 'c']);
    expect(loader.errors.value.get('a')).toEqual({ state: 'loaded', message: 'disk full' });
    fake.pending.get('b')?.resolve(null);
    fake.pending.get('c')?.resolve('timeout');
    await flush();
    fake.pending.get('d')?.resolve('x');
    await flush();
    expect(loader.running()).toBe(0);
    expect(failedJobErrorText(loader.errors.value.get('b'))).toBe('—');
    expect(failedJobErrorText(loader.errors.value.get('c'))).toBe('timeout');
  });

  it('reads each job once, even when asked again on every refresh', async () => {
    const fake = controlledFetch();
    const loader = createFailedJobErrors({ fetchError: fake.fetchError });
    loader.want(['a']);
    loader.want(['a', 'a']);
    fake.pending.get('a')?.resolve('disk full');
    await flush();
    loader.want(['a']);
    expect(fake.calls).toEqual(['a']);
  });

  it('says when an error could not be read, and does not retry it', async () => {
    const fake = controlledFetch();
    const loader = createFailedJobErrors({ fetchError: fake.fetchError });
    loader.want(['gone']);
    fake.pending.get('gone')?.reject(new Error('The job is gone'));
    await flush();
    expect(failedJobErrorText(loader.errors.value.get('gone'))).toBe(
      'The error could not be read: The job is gone',
    );
    loader.want(['gone']);
    expect(fake.calls).toEqual(['gone']);
    expect(failedJobErrorText(undefined)).toBe('');
  });
});
