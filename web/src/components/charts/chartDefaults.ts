import { type ChartComponentLike, Chart as ChartJS, Legend, Tooltip } from 'chart.js';

// What the radar, bar and line charts share: how chart.js is registered, the theme's colours for
// scales, the label font that shrinks on a phone, the legend, the tooltips and the way labels wrap.
// One place, so the charts keep one look. Imported only by the lazily loaded canvases, so chart.js
// still arrives only with a page that draws a chart.

/** Registers the chart's own parts plus the tooltip and legend every chart uses. */
export function registerChart(...parts: ChartComponentLike[]) {
  ChartJS.register(...parts, Tooltip, Legend);
}

/** Tick numbers (muted), axis labels (text colour) and grid lines, from the theme. */
export const chartColours = { tick: '#5a6878', label: '#1d2733', grid: '#dbe2ea' } as const;

/** The value scale, 0 to max in steps of 1 (the maturity levels), with the theme's ticks and grid. */
export const valueScale = (max: number) => ({
  min: 0,
  max,
  ticks: { stepSize: 1, color: chartColours.tick },
  grid: { color: chartColours.grid },
});

/** Narrow charts (phones) get smaller labels, so the longest still fit. */
export const labelFont = (context: { chart: { width: number } }) => ({
  size: context.chart.width < 420 ? 10 : 12,
});

/** Sized by its box (.smr-chart), and drawn at once: nothing half-drawn in a print or a screenshot,
 * nothing moving for those who mind. */
export const baseOptions = { responsive: true, maintainAspectRatio: false, animation: false } as const;

/** A legend below the chart, only when there is more than one series to tell apart. */
export const legendFor = (seriesCount: number) => ({ display: seriesCount > 1, position: 'bottom' as const });

/** A series' values as chart.js takes them: a missing value is NaN (a gap, or no bar). */
export const valuesOf = (values: readonly (number | null)[]) => values.map((v) => v ?? Number.NaN);

/** The tooltip's title: the whole label of the point, not the wrapped lines drawn on the axis. */
export const titleFrom = (labels: readonly string[]) => (items: readonly { dataIndex: number }[]) =>
  labels[items[0]?.dataIndex ?? 0] ?? '';

/** The tooltip's line: the series and its value along the axis to one decimal, or '–' where missing. */
export const valueLine =
  (axis: 'x' | 'y') =>
  (item: { dataset: { label?: string }; parsed: { x: number | null; y: number | null } }) => {
    const value = item.parsed[axis];
    return `${item.dataset.label}: ${value == null || Number.isNaN(value) ? '–' : value.toFixed(1)}`;
  };

/** Breaks a long label into lines of about width characters (whole words). */
export function wrapLabel(label: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
