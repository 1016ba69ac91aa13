import { describe, expect, it } from 'vitest';
import { SocketBodyPool } from '../../../../../../src/main/services/transfers/download/socket-body-pool';

/*
 * The pool driven as a socket drives it: ask a buffer, fill part of it, commit; a false answer
 * pauses the "socket" until onResume.
 */

const KIB = 1024;

function pattern(offset: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) out[i] = (offset + i) % 251;
  return out;
}

/** The smallest pool: two 8 KiB slots, each handed on only when full. */
function twoSlots(): SocketBodyPool {
  return new SocketBodyPool({
    slots: 2,
    slotBytes: 8 * KIB,
    minRead: 8 * KIB,
    onResume: () => undefined,
  });
}

describe('SocketBodyPool', () => {
  it('hands the bytes on in order, skipping the head, whatever the read sizes', async () => {
    let resumes = 0;
    const pool = new SocketBodyPool({
      slots: 3,
      slotBytes: 16 * KIB,
      minRead: 4 * KIB,
      onResume: () => (resumes += 1),
    });
    const got: Buffer[] = [];
    let release: (() => void) | undefined;
    // A slow consumer: each chunk waits until the test lets it go.
    pool.start(async (bytes) => {
      got.push(Buffer.from(bytes));
      await new Promise<void>((resolve) => (release = resolve));
    });
    // The first read carries 10 head bytes, then the body.
    const head = Buffer.from('HEAD:12345');
    let view = pool.buffer();
    head.copy(view);
    pattern(0, 1000).copy(view, head.length);
    let reading = pool.commit(view, head.length + 1000, head.length);
    let sent = 1000;
    const total = 200 * KIB;
    let pauses = 0;
    while (sent < total) {
      if (!reading) {
        pauses += 1;
        const before = resumes;
        while (resumes === before) {
          release?.();
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      view = pool.buffer();
      const length = Math.min(view.length, total - sent, 3000 + (sent % 7000));
      pattern(sent, length).copy(view);
      reading = pool.commit(view, length);
      sent += length;
    }
    const finishing = pool.finish();
    for (let i = 0; i < 1000 && got.reduce((n, b) => n + b.length, 0) < total; i += 1) {
      release?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    release?.();
    await finishing;
    expect(Buffer.concat(got).equals(pattern(0, total))).toBe(true);
    expect(pauses).toBeGreaterThan(0);
    expect(pool.overflows).toBe(0);
  });

  it('holds what arrives before start, pausing once no spare slot is left', () => {
    const pool = twoSlots();
    const view = pool.buffer();
    expect(view.length).toBe(8 * KIB);
    // A full slot is handed on; the last free one becomes current and the socket pauses.
    expect(pool.commit(view, view.length)).toBe(false);
    expect(pool.paused).toBe(true);
  });

  it('reads past a pause into the current slot, then into a one-off buffer (TLS)', async () => {
    const pool = twoSlots();
    let view = pool.buffer();
    pattern(0, view.length).copy(view);
    expect(pool.commit(view, view.length)).toBe(false);
    view = pool.buffer();
    pattern(8 * KIB, view.length).copy(view);
    pool.commit(view, view.length);
    view = pool.buffer();
    expect(pool.overflows).toBe(1);
    pattern(16 * KIB, 100).copy(view);
    pool.commit(view, 100);
    const got: Buffer[] = [];
    pool.start((bytes) => {
      got.push(Buffer.from(bytes));
      return Promise.resolve();
    });
    await pool.finish();
    expect(Buffer.concat(got).equals(pattern(0, 16 * KIB + 100))).toBe(true);
  });

  it('rejects finish with the consumer error and stops consuming', async () => {
    const pool = twoSlots();
    const view = pool.buffer();
    pool.commit(view, view.length);
    let calls = 0;
    pool.start(() => {
      calls += 1;
      return Promise.reject(new Error('disk full'));
    });
    await expect(pool.finish()).rejects.toThrow('disk full');
    expect(calls).toBe(1);
    expect(pool.failure).toBeInstanceOf(Error);
  });
});
