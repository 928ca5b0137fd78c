import { lazy } from 'react';
import type { LineChartProps } from './chartProps';
import { LazyChart } from './LazyChart';

export type { LineChartProps } from './chartProps';

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
