import { describe, expect, it } from 'vitest';
import { formatSize, formatSizeMiB, formatSpeed } from '../../../../src/shared/format/units';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const TiB = 1024 * GiB;

describe('sizes', () => {
  it('writes bytes whole, up to 1023 B', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1)).toBe('1 B');
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(12.4)).toBe('12 B');
  });

  it('writes three significant digits in binary units with IEC names', () => {
    expect(formatSize(KiB)).toBe('1.00 KiB');
    expect(formatSize(1536)).toBe('1.50 KiB');
    expect(formatSize(5 * MiB)).toBe('5.00 MiB');
    expect(formatSize(64 * MiB)).toBe('64.0 MiB');
    expect(formatSize(150 * MiB)).toBe('150 MiB');
    expect(formatSize(1.4648 * GiB)).toBe('1.46 GiB');
    expect(formatSize(TiB)).toBe('1.00 TiB');
  });

  it('keeps four digits from 999.5 on rather than an exponent, and rounds up to the next unit', () => {
    expect(formatSize(999.4 * MiB)).toBe('999 MiB');
    expect(formatSize(1000 * MiB)).toBe('1000 MiB');
    expect(formatSize(1023 * MiB)).toBe('1023 MiB');
    expect(formatSize(GiB - 1)).toBe('1.00 GiB');
    expect(formatSize(MiB - 1)).toBe('1.00 MiB');
    expect(formatSize(9.996 * MiB)).toBe('10.0 MiB');
    expect(formatSize(99.96 * MiB)).toBe('100 MiB');
  });

  it('stays in TiB past the largest unit', () => {
    expect(formatSize(1024 * TiB)).toBe('1024 TiB');
    expect(formatSize(5000 * TiB)).toBe('5000 TiB');
  });

  it('keeps the sign of a negative size and answers a dash for what is not a number', () => {
    expect(formatSize(-5 * MiB)).toBe('-5.00 MiB');
    expect(formatSize(-0)).toBe('0 B');
    expect(formatSize(Number.NaN)).toBe('—');
    expect(formatSize(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatSize(undefined)).toBe('—');
    expect(formatSize(null)).toBe('—');
  });

  it("reads the service's megabytes as mebibytes", () => {
    expect(formatSizeMiB(512)).toBe('512 MiB');
    expect(formatSizeMiB(2048)).toBe('2.00 GiB');
    expect(formatSizeMiB(153_600)).toBe('150 GiB');
    expect(formatSizeMiB(0.5)).toBe('512 KiB');
    expect(formatSizeMiB(0)).toBe('0 B');
    expect(formatSizeMiB(null)).toBe('—');
    expect(formatSizeMiB(undefined)).toBe('—');
  });

  it('writes speeds per second', () => {
    expect(formatSpeed(5.2 * MiB)).toBe('5.20 MiB/s');
    expect(formatSpeed(812)).toBe('812 B/s');
    expect(formatSpeed(undefined)).toBe('—');
    expect(formatSpeed(Number.NaN)).toBe('—');
  });
});
