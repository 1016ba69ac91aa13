import { describe, expect, it } from 'vitest';
import type { PlannedImport } from '../../../../../../src/main/services/transfers/upload/import-plan';
import { ImportPlans } from '../../../../../../src/main/services/transfers/upload/import-plans';

function planned(sourcePath: string): PlannedImport {
  return {
    sourcePath,
    fileType: 'bak',
    sizeBytes: 10,
    mode: 'single',
    partSize: 10,
    partCount: 1,
    typeCheck: { ok: true },
    identity: { size: 10, mtimeMs: 1, headSha256: 'a'.repeat(64), tailSha256: 'a'.repeat(64) },
    stamp: { dev: 1, ino: 2, size: 10, mtimeMs: 1 },
  };
}

function plans(options: { ttlMs?: number; capacity?: number } = {}) {
  const clock = { now: 1_000 };
  let next = 0;
  const book = new ImportPlans({
    now: () => clock.now,
    newId: () => `plan-${(next += 1)}`,
    ...options,
  });
  return { book, clock };
}

describe('ImportPlans', () => {
  it('answers a kept plan by its id, for its profile only', () => {
    const { book } = plans();
    const id = book.keep('p1', planned('/x/a.bak'));
    expect(book.get(id, 'p1').sourcePath).toBe('/x/a.bak');
    expect(() => book.get(id, 'p2')).toThrow(/Choose the file again/);
    expect(() => book.get('made-up', 'p1')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }) as Error,
    );
  });

  it('starts one import per plan: a forgotten id is refused', () => {
    const { book } = plans();
    const id = book.keep('p1', planned('/x/a.bak'));
    book.forget(id);
    expect(() => book.get(id, 'p1')).toThrow(/Choose the file again/);
  });

  it('refuses a plan once it expired', () => {
    const { book, clock } = plans({ ttlMs: 60_000 });
    const id = book.keep('p1', planned('/x/a.bak'));
    clock.now += 59_999;
    expect(book.get(id, 'p1').sourcePath).toBe('/x/a.bak');
    clock.now += 1;
    expect(() => book.get(id, 'p1')).toThrow(/Choose the file again/);
    expect(book.size).toBe(0);
  });

  it('keeps a bounded number of plans, dropping the oldest first', () => {
    const { book } = plans({ capacity: 2 });
    const first = book.keep('p1', planned('/x/a.bak'));
    const second = book.keep('p1', planned('/x/b.bak'));
    const third = book.keep('p1', planned('/x/c.bak'));
    expect(book.size).toBe(2);
    expect(() => book.get(first, 'p1')).toThrow(/Choose the file again/);
    expect(book.get(second, 'p1').sourcePath).toBe('/x/b.bak');
    expect(book.get(third, 'p1').sourcePath).toBe('/x/c.bak');
  });

  it('gives random ids by default', () => {
    const book = new ImportPlans({ now: () => 0 });
    const a = book.keep('p1', planned('/x/a.bak'));
    const b = book.keep('p1', planned('/x/a.bak'));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
  });
});
