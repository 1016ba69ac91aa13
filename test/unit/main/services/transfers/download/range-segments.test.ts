import { describe, expect, it } from 'vitest';
import {
  bytesDone,
  contiguousEnd,
  fitsTotal,
  planSegments,
  recordStored,
  segmentLength,
  segmentsToFetch,
  takeRun,
} from '../../../../../../src/main/services/transfers/download/range-segments';

/* The segments of a download in byte ranges, as the journal keeps them. */

describe('range segments', () => {
  it('cuts a file into segments, the last one shorter', () => {
    const plan = planSegments(250, 100);
    expect(plan).toEqual({ segmentBytes: 100, done: [0, 0, 0] });
    expect([0, 1, 2].map((index) => segmentLength(plan, 250, index))).toEqual([100, 100, 50]);
  });

  it('knows where the bytes on disk stop being contiguous from the start', () => {
    const plan = { segmentBytes: 100, done: [100, 40, 100] };
    expect(contiguousEnd(plan, 250)).toBe(140);
    expect(contiguousEnd(plan, 250, 120)).toBe(140);
    expect(contiguousEnd({ segmentBytes: 100, done: [30, 100, 50] }, 250)).toBe(30);
    expect(contiguousEnd({ segmentBytes: 100, done: [100, 100, 50] }, 250)).toBe(250);
    expect(bytesDone(plan)).toBe(240);
  });

  it('lists the segments with bytes left, in order', () => {
    expect(segmentsToFetch({ segmentBytes: 100, done: [100, 40, 0] }, 250)).toEqual([1, 2]);
    expect(segmentsToFetch({ segmentBytes: 100, done: [100, 100, 50] }, 250)).toEqual([]);
  });

  it('refuses a journaled plan made for another size', () => {
    expect(fitsTotal({ segmentBytes: 100, done: [100, 0, 50] }, 250)).toBe(true);
    expect(fitsTotal({ segmentBytes: 100, done: [100, 0] }, 250)).toBe(false);
    expect(fitsTotal({ segmentBytes: 100, done: [100, 0, 60] }, 250)).toBe(false);
  });

  it('counts bytes written in order in every segment they cover', () => {
    const plan = { segmentBytes: 100, done: [100, 40, 0, 0] };
    recordStored(plan, 350, 140, 130);
    expect(plan.done).toEqual([100, 100, 70, 0]);
    recordStored(plan, 350, 270, 80);
    expect(plan.done).toEqual([100, 100, 100, 50]);
    recordStored(plan, 350, 350, 0);
    expect(plan.done).toEqual([100, 100, 100, 50]);
  });

  it('takes a segment and the untouched ones right after it as one run', () => {
    const plan = { segmentBytes: 100, done: [100, 40, 0, 0, 30, 0, 0] };
    const queue = segmentsToFetch(plan, 700);
    expect(queue.shift()).toBe(1);
    expect(takeRun(plan, queue, 1)).toEqual([1, 2, 3]);
    expect(queue).toEqual([4, 5, 6]);
    expect(takeRun(plan, queue, queue.shift() ?? -1)).toEqual([4, 5, 6]);
    expect(queue).toEqual([]);
    const gap = { segmentBytes: 100, done: [0, 100, 0] };
    const left = segmentsToFetch(gap, 300);
    expect(takeRun(gap, left, left.shift() ?? -1)).toEqual([0]);
    expect(left).toEqual([2]);
  });
});
