import { describe, expect, it } from 'vitest';
import {
  bytesDone,
  contiguousEnd,
  fitsTotal,
  planSegments,
  segmentLength,
  segmentsToFetch,
} from '../../../src/main/services/transfers/range-segments';

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
});
