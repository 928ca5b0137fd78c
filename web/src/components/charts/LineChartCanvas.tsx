import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { LineChartProps } from './LineChart';
import { seriesColour } from './palette';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
ChartJS.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Point shapes by series, so lines differ by more than their colour. */
const shapes = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot'] as const;

export function LineChartCanvas({ labels, series, max, label }: LineChartProps) {
  const data = {
    labels: [...labels],
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values.map((v) => v ?? Number.NaN),
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
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { min: 0, max, ticks: { stepSize: 1, color: '#5a6878' }, grid: { color: '#dbe2ea' } },
          x: {
            // Room at both ends, so the first and last rounds' points and labels are not cut at the edge.
            offset: true,
            ticks: { color: '#1d2733', font: (context) => ({ size: context.chart.width < 420 ? 10 : 12 }) },
            grid: { display: false },
          },
        },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom', labels: { usePointStyle: true } },
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label}: ${item.parsed.y == null || Number.isNaN(item.parsed.y) ? '–' : item.parsed.y.toFixed(1)}`,
            },
          },
        },
      }}
    />
  );
}
