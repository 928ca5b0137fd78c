import { lazy } from 'react';
import { LazyChart } from './LazyChart';

export type LineChartProps = {
  /** The points along the axis, left to right (e.g. the rounds). */
  labels: readonly string[];
  /** One line per series; a missing value leaves a gap. `dashed` draws a reference line (a target). */
  series: readonly { label: string; values: readonly (number | null)[]; dashed?: boolean }[];
  /** The top of the scale (the bottom is 0). */
  max: number;
  /** Names the chart for assistive technology; pair it with a table of the same numbers. */
  label: string;
};

const LineChartCanvas = lazy(async () => ({
  default: (await import('./LineChartCanvas')).LineChartCanvas,
}));

/** A line chart (chart.js, loaded on first use). The parent sets the height through CSS. */
export function LineChart(props: LineChartProps) {
  return (
    <LazyChart>
      <LineChartCanvas {...props} />
    </LazyChart>
  );
}
