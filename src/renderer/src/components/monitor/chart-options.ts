import type uPlot from 'uplot';
import {
  formatClockTime,
  formatTickTime,
  formatTimeOfDay,
  type TimeOptions,
} from '@shared/format/times';

/** The colour roles a series may take; the chart maps them to the theme's colours. */
export type SeriesTone = 'primary' | 'success' | 'warning' | 'error' | 'info';

/** One line of a chart. */
export interface ChartSeries {
  readonly label: string;
  readonly tone: SeriesTone;
  /** One value per time of the chart. */
  readonly values: readonly number[];
  /** Fills the area under the line (sparklines). */
  readonly fill?: boolean;
}

/** The theme's colours the chart draws with (from naive-ui's theme vars). */
export interface ChartColors {
  readonly text: string;
  readonly grid: string;
  readonly mark: string;
  readonly tones: Readonly<Record<SeriesTone, string>>;
}

/** What the options depend on, apart from the data. */
export interface ChartShape {
  readonly width: number;
  readonly height: number;
  readonly sparkline: boolean;
  readonly series: readonly Pick<ChartSeries, 'label' | 'tone' | 'fill'>[];
  readonly colors: ChartColors;
  /** The x range shown (epoch ms), read at each update; undefined fits the data. */
  readonly xRange: () => readonly [number, number] | undefined;
  /** The blocking marks to draw, read at each draw (they change without a rebuild). */
  readonly marks: () => readonly number[];
  /** The user's clock, for the time axis and the legend's time. */
  readonly time: TimeOptions;
}

/** `rgb(1, 2, 3)` or `#rrggbb` with an alpha, for fills. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const n = parseInt(hex[1], 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(color);
  const parts = rgb?.[1]?.split(',').slice(0, 3);
  return parts && parts.length === 3 ? `rgba(${parts.join(',')}, ${alpha})` : color;
}

/**
 * A uPlot `draw` hook: each blocking mark as a vertical line across the plot, with a small
 * flag on top, in the theme's error colour. Marks outside the shown range are skipped.
 */
function drawMarks(shape: ChartShape): (u: uPlot) => void {
  return (u) => {
    const marks = shape.marks();
    if (marks.length === 0) return;
    const { ctx, bbox } = u;
    const ratio = globalThis.devicePixelRatio || 1;
    ctx.save();
    ctx.strokeStyle = shape.colors.mark;
    ctx.fillStyle = shape.colors.mark;
    ctx.lineWidth = (shape.sparkline ? 1 : 1.5) * ratio;
    ctx.setLineDash(shape.sparkline ? [] : [4 * ratio, 3 * ratio]);
    for (const at of marks) {
      const x = Math.round(u.valToPos(at, 'x', true));
      if (x < bbox.left || x > bbox.left + bbox.width) continue;
      ctx.beginPath();
      ctx.moveTo(x, bbox.top);
      ctx.lineTo(x, bbox.top + bbox.height);
      ctx.stroke();
      if (shape.sparkline) continue;
      const size = 5 * ratio;
      ctx.beginPath();
      ctx.moveTo(x - size, bbox.top);
      ctx.lineTo(x + size, bbox.top);
      ctx.lineTo(x, bbox.top + size * 1.4);
      ctx.fill();
    }
    ctx.restore();
  };
}

/** Off the plot, the legend shows the latest values instead of dashes. */
function showLatest(u: uPlot): void {
  if (u.cursor.idx !== null && u.cursor.idx !== undefined) return;
  const count = u.data[0].length;
  if (count > 0) u.setLegend({ idx: count - 1 });
}

/**
 * The time axis's labels: `14:05`, or `14:05:30` where ticks are less than a minute apart.
 * Written by the app's formatter, not uPlot's own (`2:05pm`), so the chart reads as the rest.
 */
function timeTicks(time: TimeOptions): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, increment) =>
    splits.map((at) => (increment < 60_000 ? formatTimeOfDay(at, time) : formatTickTime(at, time)));
}

function axis(colors: ChartColors, size?: number): uPlot.Axis {
  const line = { stroke: colors.grid, width: 1 };
  return {
    stroke: colors.text,
    grid: line,
    ticks: line,
    font: '11px system-ui, sans-serif',
    ...(size === undefined ? {} : { size }),
  };
}

function seriesOf(shape: ChartShape): uPlot.Series[] {
  return shape.series.map((series) => {
    const color = shape.colors.tones[series.tone];
    return {
      label: series.label,
      stroke: color,
      width: shape.sparkline ? 1.25 : 1.75,
      // A line needs two samples: a lone one in view (the first after a start) is a dot, so
      // the chart does not look empty while it waits for the next. Not in a sparkline, whose
      // edge would cut the dot in half beside the number that says the same.
      points: { show: (_u, _series, first, last) => !shape.sparkline && first === last },
      ...(series.fill ? { fill: withAlpha(color, 0.16) } : {}),
    };
  });
}

/** The uPlot options of a chart: the full chart with axes and legend, or a bare sparkline. */
export function chartOptions(shape: ChartShape): uPlot.Options {
  return {
    width: shape.width,
    height: shape.height,
    // Our times are epoch milliseconds.
    ms: 1,
    // Room on the right for the last time label, which uPlot centres on its tick.
    padding: shape.sparkline ? [2, 1, 2, 1] : [12, 28, 0, 0],
    legend: { show: !shape.sparkline, live: !shape.sparkline },
    cursor: shape.sparkline ? { show: false } : { drag: { x: false, y: false } },
    scales: {
      x: {
        time: true,
        range: (_u, min, max): uPlot.Range.MinMax => {
          const shown = shape.xRange();
          return shown ? [shown[0], shown[1]] : [min, max];
        },
      },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * (shape.sparkline ? 1.1 : 1.15)] },
    },
    axes: shape.sparkline
      ? [{ show: false }, { show: false }]
      : [{ ...axis(shape.colors), values: timeTicks(shape.time) }, axis(shape.colors, 40)],
    // The legend's time under the cursor (or of the latest sample): `14:03:05` today.
    series: [
      { value: (_u, at) => formatClockTime(at, Date.now(), shape.time) },
      ...seriesOf(shape),
    ],
    hooks: shape.sparkline
      ? { draw: [drawMarks(shape)] }
      : {
          draw: [drawMarks(shape)],
          ready: [showLatest],
          setData: [showLatest],
          setCursor: [showLatest],
        },
  };
}

/** The data uPlot takes: the times, then one array per series. */
export function chartData(
  times: readonly number[],
  series: readonly ChartSeries[],
): uPlot.AlignedData {
  return [Float64Array.from(times), ...series.map((s) => Float64Array.from(s.values))];
}
