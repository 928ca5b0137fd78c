import { CategoryScale, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { Line } from 'react-chartjs-2';
import {
  baseOptions,
  chartColours,
  labelFont,
  legendFor,
  registerChart,
  valueLine,
  valueScale,
  valuesOf,
} from './chartDefaults';
import type { LineChartProps } from './chartProps';
import { seriesColour } from './palette';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
registerChart(LineController, LineElement, PointElement, CategoryScale, LinearScale);

/** Point shapes by series, so lines differ by more than their colour. */
const shapes = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot'] as const;

export function LineChartCanvas({ labels, series, max, label }: LineChartProps) {
  const data = {
    labels: [...labels],
    datasets: series.map((s, i) => ({
      label: s.label,
      data: valuesOf(s.values),
      borderColor: seriesColour(i),
      backgroundColor: seriesColour(i),
      borderWidth: 2,
      borderDash: s.dashed ? [6, 4] : [],
      pointStyle: shapes[i % shapes.length],
      pointRadius: s.dashed ? 0 : 4,
      spanGaps: false,
    })),
  };
  return (
    <Line
      data={data}
      role="img"
      aria-label={label}
      options={{
        ...baseOptions,
        scales: {
          y: valueScale(max),
          x: {
            // Room at both ends, so the first and last rounds' points and labels are not cut at the edge.
            offset: true,
            ticks: { color: chartColours.label, font: labelFont },
            grid: { display: false },
          },
        },
        plugins: {
          legend: { ...legendFor(series.length), labels: { usePointStyle: true } },
          tooltip: { callbacks: { label: valueLine('y') } },
        },
      }}
    />
  );
}
