import { lazy } from 'react';
import type { RadarChartProps } from './chartProps';
import { LazyChart } from './LazyChart';

export type { RadarChartProps } from './chartProps';

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
