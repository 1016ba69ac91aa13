import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import {
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

function deleting(order: string[]): BulkAction<Row> {
  return {
    key: 'delete',
    label: 'Delete…',
    title: (n) => `Delete ${n} archives`,
    typed: true,
    danger: true,
    skipReason: (row) => (row.locked ? 'It is locked' : undefined),
    run: (row) => {
      order.push(row.id);
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
});
