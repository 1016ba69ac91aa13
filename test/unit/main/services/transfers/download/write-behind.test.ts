import { describe, expect, it } from 'vitest';
import {
  diskError,
  WriteBehind,
} from '../../../../../../src/main/services/transfers/download/write-behind';

/* Write-behind's schedule: a flush every `everyBytes` from where the file started, one at a time. */

function gate() {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('WriteBehind', () => {
  it('starts a flush every everyBytes, counted from the bytes the file already held', () => {
    let flushes = 0;
    const behind = new WriteBehind(() => Promise.resolve(void (flushes += 1)), 100, 1000);
    behind.written(1050);
    expect(flushes).toBe(0);
    behind.written(1100);
    expect(flushes).toBe(1);
  });

  it('starts no second flush while one runs, and the next counts from where that one began', async () => {
    const first = gate();
    const calls: number[] = [];
    let total = 0;
    const behind = new WriteBehind(() => {
      calls.push(total);
      return calls.length === 1 ? first.opened : Promise.resolve();
    }, 10);
    for (total = 10; total <= 40; total += 10) behind.written(total);
    expect(calls).toEqual([10]);
    first.open();
    await behind.settle();
    behind.written((total = 45));
    expect(calls).toEqual([10, 45]);
    await behind.settle();
  });

  it('keeps the first failure for settle() and starts nothing after it', async () => {
    let flushes = 0;
    const behind = new WriteBehind(() => {
      flushes += 1;
      return Promise.reject(new Error('EIO'));
    }, 1);
    behind.written(1);
    await expect(behind.settle()).rejects.toThrow('EIO');
    expect(() => behind.check()).toThrow('EIO');
    behind.written(10);
    expect(flushes).toBe(1);
  });

  it('names the file, the system code and what to do when the disk refuses', () => {
    const error = diskError(
      '/exports/big.bak',
      Object.assign(new Error('no space'), { code: 'ENOSPC' }),
    );
    expect(error).toMatchObject({ code: 'INTERNAL', details: 'ENOSPC' });
    expect(error.message).toBe(
      'Writing /exports/big.bak to the disk failed. Check the disk (free space, connection), then resume the transfer.',
    );
  });
});
