import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { WindowAction } from '@shared/ipc/resource-channels';
import {
  bulkActionOf,
  bulkItems,
  bulkSummary,
  runBulk,
  type BulkAction,
  type BulkItem,
} from '@renderer/components/common/bulk-action';

interface Row {
  readonly id: string;
  readonly locked?: boolean;
}

function deleting(order: string[], actions: WindowAction[] = []): BulkAction<Row> {
  return {
    key: 'delete',
    label: 'Delete…',
    title: (n) => `Delete ${n} archives`,
    typed: true,
    danger: true,
    skipReason: (row) => (row.locked ? 'It is locked' : undefined),
    run: (row, action) => {
      order.push(row.id);
      actions.push(action);
      if (row.id === 'b') {
        return Promise.reject(
          new AppError({ code: 'CONFLICT', message: 'Busy with a job; wait and try again.' }),
        );
      }
      return Promise.resolve('Deleted');
    },
  };
}

describe('bulk actions', () => {
  it('lists every row, the ones it cannot take as skipped with why', () => {
    const rows: Row[] = [{ id: 'a' }, { id: 'b', locked: true }];
    const items = bulkItems(
      rows,
      deleting([]),
      (row) => row.id,
      (row) => `Archive ${row.id}`,
    );
    expect(items.map((item) => [item.title, item.state, item.message])).toEqual([
      ['Archive a', 'waiting', undefined],
      ['Archive b', 'skipped', 'It is locked'],
    ]);
  });

  it('runs one row after the other, a failure stopping nothing, and says how each went', async () => {
    const order: string[] = [];
    const rows: Row[] = [{ id: 'a' }, { id: 'b' }, { id: 'c', locked: true }, { id: 'd' }];
    const action = deleting(order);
    const items = bulkItems(
      rows,
      action,
      (row) => row.id,
      (row) => row.id,
    );
    const seen: (readonly BulkItem<Row>[])[] = [];
    const final = await runBulk(items, action, (next) => seen.push(next));
    expect(order).toEqual(['a', 'b', 'd']);
    expect(final.map((item) => [item.key, item.state, item.message])).toEqual([
      ['a', 'done', 'Deleted'],
      ['b', 'failed', 'Busy with a job; wait and try again.'],
      ['c', 'skipped', 'It is locked'],
      ['d', 'done', 'Deleted'],
    ]);
    // Each row is shown running before its outcome.
    expect(seen[0]?.[0]?.state).toBe('running');
    expect(seen.at(-1)).toEqual(final);
    expect(bulkSummary(final)).toBe('2 done, 1 failed, 1 skipped');
  });

  it("makes every row's call for one user action, named by the title and the rows", async () => {
    const actions: WindowAction[] = [];
    const rows: Row[] = [{ id: 'a' }, { id: 'b' }, { id: 'c', locked: true }, { id: 'd' }];
    const action = deleting([], actions);
    const items = bulkItems(
      rows,
      action,
      (row) => row.id,
      (row) => `Archive ${row.id}`,
    );
    await runBulk(
      items,
      action,
      () => undefined,
      () => 'action-1',
    );
    // The skipped row is neither counted nor named; the failed one was part of it all the same.
    const made = { id: 'action-1', kind: 'bulk', label: 'delete 3 archives' };
    expect(actions).toEqual([
      { ...made, target: 'Archive a, Archive b, Archive d' },
      { ...made, target: 'Archive a, Archive b, Archive d' },
      { ...made, target: 'Archive a, Archive b, Archive d' },
    ]);
  });

  it('names the first rows of a long selection and how many more there are', () => {
    const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({ id: `archive_number_${i}` }));
    const action = deleting([]);
    const items = bulkItems(
      rows,
      action,
      (row) => row.id,
      (row) => row.id,
    );
    const made = bulkActionOf(items, action, 'x');
    expect(made.label).toBe('delete 40 archives');
    expect(made.target).toMatch(/^archive_number_0, archive_number_1, .* and \d+ more$/);
    expect(made.target.length).toBeLessThan(150);
  });
});
