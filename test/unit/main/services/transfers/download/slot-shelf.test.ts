import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlotShelf } from '../../../../../../src/main/services/transfers/download/slot-shelf';
import { SocketBodyPool } from '../../../../../../src/main/services/transfers/download/socket-body-pool';

/*
 * The slot buffers shared by the connections of the downloads: a retired pool's slots serve
 * the next pool, a failed consumer's slots stay out, and an idle shelf lets them go.
 */

const KIB = 1024;

function pooled(shelf: SlotShelf): SocketBodyPool {
  return new SocketBodyPool({ slots: 2, slotBytes: 8 * KIB, shelf, onResume: () => undefined });
}

/** Reads `bytes` into the pool as a socket would, in one read. */
function read(pool: SocketBodyPool, bytes: number): void {
  const view = pool.buffer();
  view.fill(7, 0, bytes);
  pool.commit(view, bytes);
}

afterEach(() => vi.useRealTimers());

describe('SlotShelf', () => {
  it('hands a retired pool’s slots to the next pool instead of new buffers', async () => {
    const shelf = new SlotShelf(8 * KIB, 4);
    const first = pooled(shelf);
    const seen: ArrayBufferLike[] = [];
    first.start((bytes) => {
      seen.push(bytes.buffer);
      return Promise.resolve();
    });
    read(first, 8 * KIB);
    read(first, 100);
    await first.finish();
    first.retire();
    expect(shelf.kept).toBe(2);
    const second = pooled(shelf);
    expect(shelf.kept).toBe(0);
    expect(seen).toContain(second.buffer().buffer);
  });

  it('keeps a failed consumer’s queued slots off the shelf', async () => {
    const shelf = new SlotShelf(8 * KIB, 4);
    const pool = pooled(shelf);
    pool.start(() => Promise.reject(new Error('disk full')));
    read(pool, 8 * KIB);
    await expect(pool.finish()).rejects.toThrow('disk full');
    pool.retire();
    expect(shelf.kept).toBe(0);
  });

  it('keeps at most its limit, only buffers of its size, and lets them go when idle', () => {
    vi.useFakeTimers();
    const shelf = new SlotShelf(8 * KIB, 2);
    shelf.give([Buffer.alloc(8 * KIB), Buffer.alloc(4 * KIB), Buffer.alloc(8 * KIB)]);
    shelf.give([Buffer.alloc(8 * KIB)]);
    expect(shelf.kept).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(shelf.kept).toBe(0);
    expect(shelf.take().length).toBe(8 * KIB);
  });
});
