import { Filler, LineElement, PointElement, RadarController, RadialLinearScale } from 'chart.js';
import { Radar } from 'react-chartjs-2';
import {
  baseOptions,
  chartColours,
  labelFont,
  legendFor,
  registerChart,
  titleFrom,
  valueScale,
  valuesOf,
  wrapLabel,
} from './chartDefaults';
import type { RadarChartProps } from './chartProps';

// Registered here, in the lazily loaded module, so chart.js arrives only with a page that draws a chart.
registerChart(RadarController, RadialLinearScale, PointElement, LineElement, Filler);

/** Series colours from the theme (steel, teal, amber), with see-through fills so overlays stay readable. */
const palette = [
  { line: 'rgb(44, 74, 110)', fill: 'rgba(44, 74, 110, 0.18)' },
  { line: 'rgb(35, 128, 122)', fill: 'rgba(35, 128, 122, 0.12)' },
  { line: 'rgb(224, 165, 38)', fill: 'rgba(224, 165, 38, 0.12)' },
];

/** Long axis labels are broken into lines of about this many characters. */
const LABEL_WIDTH = 13;
/** Below this chart width (a phone) labels are shortened and broken tighter, so none is clipped. */
const NARROW_PX = 420;
const NARROW_LABEL_WIDTH = 12;

/**
 * An axis label as drawn: whole on a wide chart; on a narrow one 'and' becomes '&' and lines are
 * shorter, so labels neither run off the canvas nor into each other. The tooltip and the table beside
 * the chart keep the full name.
 */
export function axisLabel(label: string, chartWidth: number): string[] {
  if (chartWidth >= NARROW_PX) return wrapLabel(label, LABEL_WIDTH);
  return wrapLabel(label.replace(/\s+and\s+/gi, ' & '), NARROW_LABEL_WIDTH);
}

export function RadarChartCanvas({ labels, series, max, label }: RadarChartProps) {
  const data = {
    labels: [...labels],
    datasets: series.map((s, i) => {
      const colour = palette[i % palette.length]!;
      return {
        label: s.label,
        data: valuesOf(s.values),
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
        ...baseOptions,
        // A little room at the sides, so the longest label never touches the card's edge on a phone.
        layout: { padding: { left: 4, right: 4 } },
        scales: {
          r: {
            ...valueScale(max),
            ticks: { ...valueScale(max).ticks, backdropColor: 'transparent' },
            pointLabels: {
              // Radar labels stand alone around the chart: a point larger than the bars' on a phone.
              font: (context: { chart: { width: number } }) => ({
                size: context.chart.width < NARROW_PX ? 11 : labelFont(context).size,
              }),
              color: chartColours.label,
              padding: 4,
              callback(this: { chart: { width: number } }, label: string) {
                return axisLabel(label, this.chart.width);
              },
            },
            angleLines: { color: chartColours.grid },
          },
        },
        plugins: {
          legend: legendFor(series.length),
          tooltip: { callbacks: { title: titleFrom(labels) } },
        },
      }}
    />
  );
}
