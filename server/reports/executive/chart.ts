import { formatScore, maturityLevels } from '@domain/rules/maturity.js';
import { COLOR, type Layout, SIZE } from './layout.js';

// The executive summary's chart of current against future per practice area: horizontal bars on the
// 0-5 scale, drawn as vector rectangles and lines with their figures written beside them as text, so
// it prints sharp, can be searched and read aloud, and needs no image or chart library on the server.

export type ChartRow = { name: string; current: number | null; future: number | null };

const MAX = 5;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 24;
const BAR = 7.5;
const BAR_GAP = 2;
const ROW_PAD = 5;
const AXIS_HEIGHT = 24;
const LABEL_SIZE = SIZE.table;

export const CURRENT_LABEL = 'Current state';
export const FUTURE_LABEL = 'Future state';

/** Writes the legend, then the rows in as many parts as pages need, each with its own grid and axis. */
export function currentFutureChart(layout: Layout, rows: readonly ChartRow[]): void {
  const { doc } = layout;
  const plotX = layout.left + LABEL_WIDTH + 10;
  const plotWidth = layout.width - LABEL_WIDTH - 10 - VALUE_WIDTH;
  const at = (value: number) => plotX + (Math.max(0, Math.min(MAX, value)) / MAX) * plotWidth;
  const heights = rows.map(
    (r) =>
      Math.max(2 * BAR + BAR_GAP, layout.measure(r.name, LABEL_WIDTH, 'regular', LABEL_SIZE)) + 2 * ROW_PAD,
  );

  legend(layout);

  let index = 0;
  while (index < rows.length) {
    layout.ensure((heights[index] ?? 0) + AXIS_HEIGHT);
    const top = layout.y;
    let end = index;
    let height = 0;
    while (end < rows.length && top + height + (heights[end] ?? 0) + AXIS_HEIGHT <= layout.bottom) {
      height += heights[end] ?? 0;
      end += 1;
    }

    // Grid: a line per level, the zero line darker.
    for (let v = 0; v <= MAX; v++)
      doc
        .moveTo(at(v), top)
        .lineTo(at(v), top + height)
        .lineWidth(v === 0 ? 0.8 : 0.4)
        .strokeColor(v === 0 ? COLOR.muted : COLOR.rule)
        .stroke();

    let y = top;
    for (let i = index; i < end; i++) {
      const row = rows[i] as ChartRow;
      const h = heights[i] ?? 0;
      const labelHeight = layout.measure(row.name, LABEL_WIDTH, 'regular', LABEL_SIZE);
      layout.use('regular', LABEL_SIZE).text(row.name, layout.left, y + (h - labelHeight) / 2, {
        width: LABEL_WIDTH,
        lineGap: 1,
      });
      const barsTop = y + (h - (2 * BAR + BAR_GAP)) / 2;
      bar(layout, at, row.current, barsTop, COLOR.accent);
      bar(layout, at, row.future, barsTop + BAR + BAR_GAP, COLOR.future);
      y += h;
    }

    // Axis: the levels 1 to 5 by number and name.
    for (let v = 0; v <= MAX; v++) {
      const level = maturityLevels.find((l) => l.score === v);
      layout.use('regular', SIZE.small, COLOR.muted).text(String(v), at(v) - 15, y + 3, {
        width: 30,
        align: 'center',
        lineBreak: false,
      });
      if (level)
        layout.use('regular', SIZE.small - 0.5, COLOR.muted).text(level.name, at(v) - 30, y + 12, {
          width: 60,
          align: 'center',
          lineBreak: false,
        });
    }
    layout.y = y + AXIS_HEIGHT;
    doc.x = layout.left;
    index = end;
  }
}

function bar(layout: Layout, at: (v: number) => number, value: number | null, y: number, color: string) {
  const { doc } = layout;
  const start = at(0);
  if (value === null) {
    layout.use('regular', SIZE.small, COLOR.muted).text('–', start + 3, y - 0.5, { lineBreak: false });
    return;
  }
  const end = at(value);
  if (end > start) doc.rect(start, y, end - start, BAR).fill(color);
  layout.use('regular', SIZE.small, COLOR.ink).text(formatScore(value), end + 3, y - 0.5, {
    width: VALUE_WIDTH,
    lineBreak: false,
  });
}

function legend(layout: Layout) {
  const { doc } = layout;
  layout.ensure(16);
  const y = layout.y;
  let x = layout.left + LABEL_WIDTH + 10;
  for (const [label, color] of [
    [CURRENT_LABEL, COLOR.accent],
    [FUTURE_LABEL, COLOR.future],
  ] as const) {
    doc.rect(x, y + 1.5, 10, 7).fill(color);
    layout.use('regular', SIZE.table, COLOR.ink).text(label, x + 14, y, { lineBreak: false });
    x += 14 + doc.widthOfString(label) + 18;
  }
  layout.y = y + 16;
  doc.x = layout.left;
}
