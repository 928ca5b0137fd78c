import { lazy } from 'react';
import type { BarChartProps } from './chartProps';
import { LazyChart } from './LazyChart';

export type { BarChartProps } from './chartProps';

const BarChartCanvas = lazy(async () => ({
  default: (await import('./BarChartCanvas')).BarChartCanvas,
}));

/** Room per bar and per group, so many groups of many bars stay readable: the chart grows downwards. */
const BAR_PX = 12;
const GROUP_PX = 22;
const MIN_PX = 288;

/**
 * A grouped bar chart with horizontal bars (chart.js, loaded on first use): long labels read on the
 * left, and a phone's width goes to the bars. Its height follows the number of bars.
 */
export function BarChart(props: BarChartProps) {
  const bars = props.labels.length * Math.max(1, props.series.length);
  const height = Math.max(MIN_PX, bars * BAR_PX + props.labels.length * GROUP_PX + 72);
  return (
    <LazyChart height={height}>
      <BarChartCanvas {...props} />
    </LazyChart>
  );
}
