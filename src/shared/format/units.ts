/*
 * Sizes and speeds as every surface of the app writes them (the window, the command line,
 * notifications, messages): binary units under their IEC names, three significant digits.
 * SQL Server and the service count in powers of 1024, and so do file managers on most
 * systems; the IEC names say so, where "MB" leaves the reader to guess.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
const LAST = UNITS.length - 1;

/** What a size that is not a number reads as. */
export const NO_VALUE = '—';

/**
 * Three significant digits (`5.00`, `64.0`, `150`); from 999.5 on, the whole number (`1000`),
 * since `toPrecision(3)` would switch to an exponent there.
 */
function significant(value: number): string {
  return value < 999.5 ? value.toPrecision(3) : String(Math.round(value));
}

/**
 * A size in bytes: `0 B`, `1023 B`, `1.00 KiB`, `5.00 MiB`, `150 MiB`, `1.46 GiB`; past the
 * largest unit the number grows (`2048 TiB`). Bytes are whole; a negative size keeps its sign;
 * `—` for null, undefined, NaN or an infinity.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return NO_VALUE;
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < LAST) {
    value /= 1024;
    unit += 1;
  }
  let text = unit === 0 ? String(Math.round(value)) : significant(value);
  // 1023.9 KiB rounds to 1024: that is the next unit's 1.00.
  if (Number(text) >= 1024 && unit < LAST) {
    unit += 1;
    text = significant(Number(text) / 1024);
  }
  return `${sign}${text} ${UNITS[unit]}`;
}

/**
 * A size the service gives in its `…InMb` fields. Those are SQL Server's megabytes, which are
 * mebibytes (1024 × 1024 bytes): `512` → `512 MiB`, `153600` → `150 GiB`.
 */
export function formatSizeMiB(mib: number | null | undefined): string {
  if (mib === null || mib === undefined) return NO_VALUE;
  return formatSize(mib * 1024 * 1024);
}

/** A speed in bytes per second: `812 B/s`, `5.20 MiB/s`; `—` when not a number. */
export function formatSpeed(bytesPerSecond: number | null | undefined): string {
  const size = formatSize(bytesPerSecond);
  return size === NO_VALUE ? size : `${size}/s`;
}
