import { BarController, BarElement, CategoryScale, LinearScale } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import {
  baseOptions,
  chartColours,
  labelFont,
  legendFor,
  registerChart,
  titleFrom,
  valueLine,
  valueScale,
  valuesOf,
  wrapLabel,
} from './chartDefaults';
import type { BarChartProps } from './chartProps';
import { seriesColour } from './palette';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
registerChart(BarController, BarElement, CategoryScale, LinearScale);

/** Long labels are broken into lines of about this many characters. */
const LABEL_WIDTH = 18;

export function BarChartCanvas({ labels, series, max, label }: BarChartProps) {
  const data = {
    labels: labels.map((l) => wrapLabel(l, LABEL_WIDTH)),
    datasets: series.map((s, i) => ({
      label: s.label,
      data: valuesOf(s.values),
      backgroundColor: seriesColour(i),
      borderColor: seriesColour(i),
      borderWidth: 0,
      barPercentage: 0.9,
      categoryPercentage: 0.8,
    })),
  };
  return (
    <Bar
      data={data}
      role="img"
      aria-label={label}
      options={{
        ...baseOptions,
        indexAxis: 'y',
        scales: {
          x: valueScale(max),
          y: {
            ticks: { color: chartColours.label, autoSkip: false, font: labelFont },
            grid: { display: false },
          },
        },
        plugins: {
          legend: legendFor(series.length),
          tooltip: { callbacks: { title: titleFrom(labels), label: valueLine('x') } },
        },
      }}
    />
  );
}
