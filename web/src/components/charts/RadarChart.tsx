import { lazy } from 'react';
import { LazyChart } from './LazyChart';

export type RadarChartProps = {
  /** One axis per label (e.g. the practice areas). */
  labels: readonly string[];
  /** One shape per series; a missing value leaves a gap. */
  series: readonly { label: string; values: readonly (number | null)[] }[];
  /** The top of the scale (the bottom is 0). */
  max: number;
  /** Names the chart for assistive technology; pair it with a table of the same numbers. */
  label: string;
};

const RadarChartCanvas = lazy(async () => ({
  default: (await import('./RadarChartCanvas')).RadarChartCanvas,
}));

/** A radar chart (chart.js, loaded on first use). The parent sets the height through CSS. */
export function RadarChart(props: RadarChartProps) {
  return (
    <LazyChart>
      <RadarChartCanvas {...props} />
    </LazyChart>
  );
}
