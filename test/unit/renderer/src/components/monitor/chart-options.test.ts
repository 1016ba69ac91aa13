import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { chartOptions, type ChartShape } from '@renderer/components/monitor/chart-options';

const shape: ChartShape = {
  width: 600,
  height: 200,
  sparkline: false,
  series: [{ label: 'Sessions', tone: 'primary' }],
  colors: {
    text: '#333333',
    grid: '#eeeeee',
    mark: '#d03050',
    tones: {
      primary: '#2563eb',
      success: '#18a058',
      warning: '#f0a020',
      error: '#d03050',
      info: '#2080f0',
    },
  },
  xRange: () => undefined,
  marks: () => [],
  time: {},
};

/** Whether the chart draws the points of its first series with `first`..`last` in view. */
function showsPoints(first: number, last: number, sparkline = false): boolean | undefined {
  const show = chartOptions({ ...shape, sparkline }).series[1]?.points?.show;
  if (typeof show !== 'function') return show;
  return show({} as uPlot, 1, first, last);
}

describe('the chart options', () => {
  it('draw a lone sample as a dot (a line needs two)', () => {
    expect(showsPoints(0, 0)).toBe(true);
    expect(showsPoints(7, 7)).toBe(true);
  });

  it('leave a sparkline without a dot (its edge would cut it; the number beside says it)', () => {
    expect(showsPoints(0, 0, true)).toBe(false);
  });

  it('draw lines without dots once there are two samples or more', () => {
    expect(showsPoints(0, 1)).toBe(false);
    expect(showsPoints(0, 179)).toBe(false);
  });
});
