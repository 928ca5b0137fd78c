import {
  Chart as ChartJS,
  Filler,
  Legend,
  LineElement,
  PointElement,
  RadarController,
  RadialLinearScale,
  Tooltip,
} from 'chart.js';
import { Radar } from 'react-chartjs-2';
import type { RadarChartProps } from './RadarChart';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
ChartJS.register(RadarController, RadialLinearScale, PointElement, LineElement, Filler, Tooltip, Legend);

/** Series colours from the theme (steel, teal, amber), with see-through fills so overlays stay readable. */
const palette = [
  { line: 'rgb(44, 74, 110)', fill: 'rgba(44, 74, 110, 0.18)' },
  { line: 'rgb(35, 128, 122)', fill: 'rgba(35, 128, 122, 0.12)' },
  { line: 'rgb(224, 165, 38)', fill: 'rgba(224, 165, 38, 0.12)' },
];

/** Long axis labels are broken into lines of about this many characters. */
const LABEL_WIDTH = 13;

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

export function RadarChartCanvas({ labels, series, max, label }: RadarChartProps) {
  const data = {
    labels: labels.map(wrap),
    datasets: series.map((s, i) => {
      const colour = palette[i % palette.length]!;
      return {
        label: s.label,
        data: s.values.map((v) => v ?? Number.NaN),
        borderColor: colour.line,
        backgroundColor: colour.fill,
        pointBackgroundColor: colour.line,
        borderWidth: 2,
        borderDash: i > 0 ? [6, 4] : [],
        fill: true,
        spanGaps: true,
      };
    }),
  };
  return (
    <Radar
      data={data}
      role="img"
      aria-label={label}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        // Drawn at once: nothing half-drawn in a print or a screenshot, nothing moving for those who mind.
        animation: false,
        scales: {
          r: {
            min: 0,
            max,
            ticks: { stepSize: 1, backdropColor: 'transparent', color: '#5a6878' },
            // Narrow charts (phones) get smaller labels, so the longest still fit beside the web.
            pointLabels: {
              font: (context) => ({ size: context.chart.width < 420 ? 10 : 12 }),
              color: '#1d2733',
            },
            grid: { color: '#dbe2ea' },
            angleLines: { color: '#dbe2ea' },
          },
        },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
            },
          },
        },
      }}
    />
  );
}
