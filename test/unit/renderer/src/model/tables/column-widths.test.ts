import { describe, expect, it } from 'vitest';
import { columnWidth, fitColumns } from '@renderer/model/tables/column-layout';
import { shareRoom } from '@renderer/model/tables/column-widths';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';

type Row = Record<string, unknown>;
const fixed = (key: string, width: number, priority?: number): ResourceColumn<Row> => ({
  key,
  title: key,
  width,
  ...(priority === undefined ? {} : { priority }),
});
const stretching = (key: string, minWidth: number, grow?: number): ResourceColumn<Row> => ({
  key,
  title: key,
  minWidth,
  ...(grow === undefined ? {} : { grow }),
});
const total = (widths: Record<string, number>): number =>
  Object.values(widths).reduce((sum, width) => sum + width, 0);

// A table of jobs: fixed status and start, a resource that needs room and an error that is
// mostly empty.
const JOBS = [
  fixed('status', 100),
  stretching('resource', 160, 3),
  stretching('error', 86),
  fixed('started', 156),
];

describe('sharing a table’s room among its columns', () => {
  it('gives fixed columns their width and the spare room to the stretching ones by weight', () => {
    // 502 px of columns at their minimums in 602: 100 spare, 3 parts to the resource, 1 to the error.
    const widths = shareRoom({ columns: JOBS, dragged: undefined, room: 602 });
    expect(widths).toEqual({ status: 100, resource: 235, error: 111, started: 156 });
  });

  it('never puts a stretching column below its minimum, however small its weight', () => {
    // Shared evenly, as the fixed table layout did, 274 px would give each 137: the resource
    // (160 at least) would be cut while the error had room to spare.
    const widths = shareRoom({ columns: JOBS, dragged: undefined, room: 530 });
    expect(widths['resource']).toBeGreaterThanOrEqual(160);
    expect(widths['error']).toBeGreaterThanOrEqual(86);
    expect(total(widths)).toBe(530);
  });

  it('shares evenly among columns that set no weight, and fills the room to the pixel', () => {
    const columns = [stretching('a', 100), stretching('b', 100), stretching('c', 100)];
    const widths = shareRoom({ columns, dragged: undefined, room: 401 });
    expect(total(widths)).toBe(401);
    expect(widths).toEqual({ a: 134, b: 134, c: 133 });
  });

  it('leaves a column of weight 0 at its minimum', () => {
    const columns = [stretching('kept', 90, 0), stretching('wide', 100)];
    expect(shareRoom({ columns, dragged: undefined, room: 400 })).toEqual({ kept: 90, wide: 310 });
  });

  it('keeps a dragged width as dragged, and the others share what it leaves', () => {
    const widths = shareRoom({ columns: JOBS, dragged: { resource: 300, status: 80 }, room: 702 });
    expect(widths).toEqual({ status: 80, resource: 300, error: 166, started: 156 });
  });

  it('leaves every column at its minimum when the room is short: the table scrolls', () => {
    const widths = shareRoom({ columns: JOBS, dragged: undefined, room: 400 });
    expect(widths).toEqual({ status: 100, resource: 160, error: 86, started: 156 });
    expect(total(widths)).toBeGreaterThan(400);
  });

  it('leaves every column at its minimum before the room is measured', () => {
    expect(shareRoom({ columns: JOBS, dragged: undefined, room: undefined })).toEqual({
      status: 100,
      resource: 160,
      error: 86,
      started: 156,
    });
  });

  it('gives no column the spare room when none stretches', () => {
    const columns = [fixed('a', 100), fixed('b', 50)];
    expect(shareRoom({ columns, dragged: undefined, room: 400 })).toEqual({ a: 100, b: 50 });
  });

  it('shares the room among the columns that fit, after the least needed gave way', () => {
    const wanted = [...JOBS, fixed('owner', 88, 6)];
    const widthOf = (column: ResourceColumn<Row>): number => columnWidth(column, undefined);
    const fit = fitColumns({ wanted, kept: new Set(), room: 560, widthOf });
    expect(fit.gaveWay).toEqual(['owner']);
    const columns = wanted.filter((column) => fit.shown.includes(column.key));
    const widths = shareRoom({ columns, dragged: undefined, room: 560 });
    expect(widths).toEqual({ status: 100, resource: 204, error: 100, started: 156 });
  });
});
