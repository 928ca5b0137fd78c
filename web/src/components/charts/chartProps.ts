// The props of each chart, apart from the chart itself: the wrapper loads its canvas lazily and the
// canvas reads the same props, so both import them from here instead of from each other.

export type BarChartProps = {
  /** One group of bars per label (e.g. the practice areas), drawn top to bottom. */
  labels: readonly string[];
  /** One bar per series in each group (e.g. the role groups); a missing value draws no bar. */
  series: readonly { label: string; values: readonly (number | null)[] }[];
  /** The end of the scale (the start is 0). */
  max: number;
  /** Names the chart for assistive technology; pair it with a table of the same numbers. */
  label: string;
};

export type LineChartProps = {
  /** The points along the axis, left to right (e.g. the rounds). */
  labels: readonly string[];
  /** One line per series; a missing value leaves a gap. `dashed` draws a reference line (a target). */
  series: readonly { label: string; values: readonly (number | null)[]; dashed?: boolean }[];
  /** The top of the scale (the bottom is 0). */
  max: number;
  /** Names the chart for assistive technology; pair it with a table of the same numbers. */
  label: string;
};

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
