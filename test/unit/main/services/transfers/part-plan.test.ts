import { describe, expect, it } from 'vitest';
import { MIB, partRange, planParts } from '../../../../../src/main/services/transfers/part-plan';

const GIB = 1024 * MIB;

describe('planParts', () => {
  it('sends files below the threshold in one stream', () => {
    expect(planParts(99 * MIB)).toEqual({ mode: 'single', partSize: 99 * MIB, partCount: 1 });
    expect(planParts(100 * MIB).mode).toBe('multipart');
  });

  it('uses 64 MiB parts by default', () => {
    expect(planParts(GIB)).toEqual({ mode: 'multipart', partSize: 64 * MIB, partCount: 16 });
    expect(planParts(500 * 1000 ** 3)).toEqual({
      mode: 'multipart',
      partSize: 64 * MIB,
      partCount: Math.ceil((500 * 1000 ** 3) / (64 * MIB)),
    });
  });

  it('grows the part size (to whole MiB) to stay within 10,000 parts', () => {
    for (const size of [10_000 * 64 * MIB + 1, 1024 * GIB, 5000 * GIB]) {
      const plan = planParts(size);
      expect(plan.partCount).toBeLessThanOrEqual(10_000);
      expect(plan.partSize % MIB).toBe(0);
      expect(plan.partSize).toBeGreaterThan(64 * MIB);
      expect((plan.partCount - 1) * plan.partSize).toBeLessThan(size);
    }
  });

  it('never goes below the minimum part size', () => {
    expect(planParts(GIB, { partSize: MIB }).partSize).toBe(5 * MIB);
    expect(
      planParts(4 * MIB, {
        partSize: 256 * 1024,
        minPartSize: 256 * 1024,
        singleStreamThreshold: 1,
      }),
    ).toEqual({
      mode: 'multipart',
      partSize: 256 * 1024,
      partCount: 16,
    });
  });

  it('refuses an empty file and one too large for the service', () => {
    expect(() => planParts(0)).toThrow(expect.objectContaining({ code: 'VALIDATION' }) as unknown);
    expect(() => planParts(10_000 * 5 * GIB + 1)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: expect.stringMatching(/larger than the service accepts/) as unknown,
      }) as unknown,
    );
  });
});

describe('partRange', () => {
  it('cuts the file in contiguous inclusive ranges, the last one shorter', () => {
    const size = 10 * MIB + 3;
    const plan = planParts(size, { partSize: 4 * MIB, minPartSize: MIB, singleStreamThreshold: 1 });
    const ranges = Array.from({ length: plan.partCount }, (_, i) =>
      partRange(size, plan.partSize, i + 1),
    );
    expect(ranges.map((r) => r.length)).toEqual([4 * MIB, 4 * MIB, 2 * MIB + 3]);
    expect(ranges[1]).toEqual({ partNumber: 2, start: 4 * MIB, end: 8 * MIB - 1, length: 4 * MIB });
    expect(ranges.at(-1)?.end).toBe(size - 1);
    expect(() => partRange(size, plan.partSize, 4)).toThrow(RangeError);
    expect(() => partRange(size, plan.partSize, 0)).toThrow(RangeError);
  });
});
