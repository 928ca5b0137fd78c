import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { BarChartProps } from './BarChart';
import { seriesColour } from './palette';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Long labels are broken into lines of about this many characters. */
const LABEL_WIDTH = 18;

function wrap(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= LABEL_WIDTH)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function BarChartCanvas({ labels, series, max, label }: BarChartProps) {
  const data = {
    labels: labels.map(wrap),
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values.map((v) => v ?? Number.NaN),
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
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        // Drawn at once: nothing half-drawn in a print or a screenshot, nothing moving for those who mind.
        animation: false,
        scales: {
          x: {
            min: 0,
            max,
            ticks: { stepSize: 1, color: '#5a6878' },
            grid: { color: '#dbe2ea' },
          },
          y: {
            ticks: {
              color: '#1d2733',
              autoSkip: false,
              font: (context) => ({ size: context.chart.width < 420 ? 10 : 12 }),
            },
            grid: { display: false },
          },
        },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
              label: (item) =>
                `${item.dataset.label}: ${item.parsed.x == null || Number.isNaN(item.parsed.x) ? '–' : item.parsed.x.toFixed(1)}`,
            },
          },
        },
      }}
    />
  );
}
