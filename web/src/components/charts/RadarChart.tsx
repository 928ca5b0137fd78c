import { lazy, Suspense } from 'react';
import './charts.css';

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
    <div className="smr-chart">
      <Suspense
        fallback={
          <div className="smr-chart-loading" aria-busy="true">
            Loading chart…
          </div>
        }
      >
        <RadarChartCanvas {...props} />
      </Suspense>
    </div>
  );
}
