import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { timeoutLimits } from '../../../../../src/main/cli/connection/connection';
import { OperationDeadline } from '../../../../../src/main/services/http/deadline';
import { SERVICE_LIMITS, limitsOf } from '../../../../../src/main/services/http/service-limits';

/* The limits of an operation: which bound, which deadline, and the deadline's bookkeeping. */

describe('limitsOf', () => {
  it('gives lists the list bound and everything else the record bound, with the deadline', () => {
    expect(limitsOf(operationById('archives.list'), SERVICE_LIMITS)).toEqual({
      deadlineMs: 30_000,
      answerBytes: 64 * 2 ** 20,
      errorAnswerBytes: 64 * 2 ** 10,
    });
    for (const id of ['archives.get', 'databases.create', 'jobs.getStatus'] as const) {
      expect(limitsOf(operationById(id), SERVICE_LIMITS).answerBytes).toBe(4 * 2 ** 20);
    }
  });

  it('exempts the operation that sends a file part from the deadline', () => {
    expect(limitsOf(operationById('uploads.putPart'), SERVICE_LIMITS).deadlineMs).toBeUndefined();
  });
});

describe('OperationDeadline', () => {
  it('aborts its signal when the time is up, and says so', async () => {
    const deadline = new OperationDeadline(20);
    expect(deadline.allows(0)).toBe(true);
    expect(deadline.allows(1000)).toBe(false);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.expired).toBe(true);
    expect(() => deadline.throwIfOver()).toThrow(/deadline passed/);
    deadline.dispose();
  });

  it('follows the caller’s signal without calling it expired, and lets go of it', () => {
    const caller = new AbortController();
    const deadline = new OperationDeadline(10_000, caller.signal);
    caller.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(false);
    deadline.dispose();
    const later = new AbortController();
    const disposed = new OperationDeadline(10_000, later.signal);
    disposed.dispose();
    later.abort();
    expect(disposed.signal.aborted).toBe(false);
  });

  it('has no deadline when given none', () => {
    const deadline = new OperationDeadline(undefined);
    expect(deadline.allows(10 ** 12)).toBe(true);
    expect(() => deadline.throwIfOver()).not.toThrow();
    deadline.dispose();
  });
});

describe('--timeout', () => {
  it('is seconds, from 0.1 to a day', () => {
    expect(timeoutLimits(undefined)).toEqual({});
    expect(timeoutLimits('1.5')).toEqual({ deadlineMs: 1500 });
    expect(timeoutLimits('86400')).toEqual({ deadlineMs: 86_400_000 });
    for (const bad of ['', 'abc', '0', '-3', '86401', 'Infinity']) {
      expect(() => timeoutLimits(bad)).toThrow(/--timeout must be a number of seconds/);
    }
  });
});
