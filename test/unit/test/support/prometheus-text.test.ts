import { describe, expect, it } from 'vitest';
import { parsePromText, promValue } from '../../../support/prometheus-text';

/* The tests' reader of the Prometheus text format reads what Prometheus itself reads. */
describe('parsePromText', () => {
  it('reads labels, special values in any case, and skips comments', () => {
    const samples = parsePromText(
      [
        '# HELP a_total A counter.',
        'a_total{profile="p",op="x\\"y"} 3',
        'lag_seconds Nan',
        'lag_max_seconds NaN 1700000000000',
        'b +Inf',
        '',
      ].join('\n'),
    );
    expect(promValue(samples, 'a_total', { op: 'x"y' })).toBe(3);
    expect(promValue(samples, 'lag_seconds')).toBeNaN();
    expect(promValue(samples, 'lag_max_seconds')).toBeNaN();
    expect(promValue(samples, 'b')).toBe(Infinity);
  });

  it('refuses a value that is not a number', () => {
    expect(() => parsePromText('a_total three')).toThrow(/Not a number: a_total three/);
    expect(() => parsePromText('not a line {')).toThrow(/Not a Prometheus sample line/);
  });
});
