import { PRODUCT_NAME } from '@domain/codes.js';
import { maturityLevels } from '@domain/rules/maturity.js';
import { peersNeededMessage } from '@domain/rules/peers.js';
import { MOVED_BACKWARDS, noRoundsMessage, noTargetMessage } from '../workbook/progressSheet.js';
import { currentFutureChart } from './chart.js';
import { actionCounts, isoDay, levelOf, reportDay, score } from './format.js';
import { type Cell, COLOR, type Doc, type Layout, SIZE } from './layout.js';
import { type ExecutiveSummary, LARGEST_GAPS } from './summary.js';

// The executive summary's first two pages (docs/decisions.md#insights-actions): the organization's
// standing (overall figures, the chart, the largest gaps) on page one; progress since the first round,
// the peer band and the role spread on page two.

/** Page one: who, when, where the roadmap stands, the figures, the chart and the largest gaps. */
export function standing(layout: Layout, s: ExecutiveSummary) {
  layout.text(`${PRODUCT_NAME.toUpperCase()} · EXECUTIVE SUMMARY`, {
    size: SIZE.small,
    color: COLOR.muted,
    font: 'bold',
  });
  layout.space(2);
  layout.text(s.organization, { font: 'bold', size: SIZE.title, color: COLOR.ink });
  layout.space(4);
  layout.text(
    [
      `Report date ${isoDay(reportDay(s))}`,
      `Roadmap status ${s.roadmapStatus || 'not set'}`,
      `${s.respondents} current-state ${s.respondents === 1 ? 'respondent' : 'respondents'}`,
    ].join('   ·   '),
    { color: COLOR.muted },
  );
  layout.space(12);
  layout.cards([
    {
      label: 'Current state, overall',
      value: score(s.overall.current),
      caption: levelOf(s.overall.currentLevel),
    },
    {
      label: 'Future state, overall',
      value: score(s.overall.future),
      caption: levelOf(s.overall.futureLevel),
    },
    {
      label: 'Gap to close',
      value: score(s.overall.gap),
      caption: s.overall.gap === null ? 'Needs both states' : 'Future minus current',
    },
  ]);
  layout.space(16);

  layout.heading('Current and future state by practice area', SIZE.h2, 120);
  layout.text(
    `Average scores from 1 (${maturityLevels[0].name}) to 5 (${maturityLevels[4].name}), the largest gap first.`,
    { size: SIZE.table, color: COLOR.muted },
  );
  layout.space(6);
  currentFutureChart(
    layout,
    s.areas.map((a) => ({ name: a.name, current: a.current, future: a.future })),
  );
  layout.space(12);

  const gaps = s.largestGaps;
  layout.heading(gaps.length === LARGEST_GAPS ? 'The five largest gaps' : 'The largest gaps');
  if (gaps.length === 0) {
    layout.text('No gap yet: a gap shows once current-state and future-state results both count.');
    return;
  }
  layout.table(
    [
      { header: '#', width: 4, align: 'right' },
      { header: 'Practice area', width: 40 },
      { header: 'Current', width: 10, align: 'right' },
      { header: 'Future', width: 10, align: 'right' },
      { header: 'Gap', width: 10, align: 'right' },
      { header: 'Actions', width: 30 },
    ],
    gaps.map((a, i) => [
      String(i + 1),
      { text: a.name, bold: true },
      score(a.current),
      score(a.future),
      { text: score(a.gap), bold: true },
      actionCounts(a),
    ]),
  );
}

/** Page two: progress since the first round, the peer band and the role spread. */
export function movement(layout: Layout, s: ExecutiveSummary) {
  layout.heading('Progress since the first round');
  const { rounds } = s.progress;
  if (rounds.length === 0) {
    layout.text(noRoundsMessage);
  } else {
    const first = rounds[0] as (typeof rounds)[number];
    const latest = rounds[rounds.length - 1] as (typeof rounds)[number];
    const round = (r: typeof first, n: number) =>
      `round ${n} closed ${isoDay(r.closedOn)} with ${r.respondents} respondents, overall ${score(r.overall)}`;
    layout.text(
      rounds.length === 1
        ? `One round so far: ${round(first, 1)}. Progress shows from the second round.`
        : `First ${round(first, 1)}; latest ${round(latest, rounds.length)}.`,
      { color: COLOR.muted, size: SIZE.table },
    );
    if (!s.progress.hasTarget) layout.text(noTargetMessage, { color: COLOR.muted, size: SIZE.table });
    layout.space(5);
    const line = (
      name: string,
      l: {
        target: number | null;
        rounds: (number | null)[];
        progress: number | null;
        gapLeft: number | null;
        movedBackwards: boolean;
      },
    ): Cell[] => [
      name,
      score(l.target),
      score(l.rounds[0]),
      score(l.rounds[l.rounds.length - 1]),
      score(l.progress),
      score(l.gapLeft),
      l.movedBackwards ? { text: MOVED_BACKWARDS, alert: true } : '',
    ];
    layout.table(
      [
        { header: 'Practice area', width: 32 },
        { header: 'Target', width: 9, align: 'right' },
        { header: 'First round', width: 10, align: 'right' },
        { header: 'Latest round', width: 10, align: 'right' },
        { header: 'Progress made', width: 11, align: 'right' },
        { header: 'Gap left', width: 9, align: 'right' },
        { header: 'Since the round before', width: 19 },
      ],
      [...s.progress.sections.map((p) => line(p.name, p)), line('Overall', s.progress.overall)],
      { boldLast: true },
    );
  }
  layout.space(16);

  layout.heading('Peer comparison (current state)');
  if (!s.peers.available) {
    layout.text(peersNeededMessage(s.peers.needed));
  } else {
    layout.text(
      `Quartiles of ${s.peers.contributors} benchmarked manufacturers' current state; manufacturers whose own results you can read are left out. The band runs from the lower to the upper quartile, the tick is the median, the dot this organization.`,
      { color: COLOR.muted, size: SIZE.table },
    );
    layout.space(5);
    const rows = [
      ...s.peers.sections.map((p) => ({ name: p.caption, f: p.figures })),
      ...(s.peers.overall ? [{ name: 'Overall', f: s.peers.overall }] : []),
    ];
    layout.table(
      [
        { header: 'Practice area', width: 30 },
        { header: 'This organization', width: 14, align: 'right' },
        { header: 'Lower quartile', width: 10, align: 'right' },
        { header: 'Median', width: 9, align: 'right' },
        { header: 'Upper quartile', width: 10, align: 'right' },
        { header: 'Band (0 to 5)', width: 27 },
      ],
      rows.map(({ name, f }) => [
        name,
        score(f.value),
        score(f.q1),
        score(f.median),
        score(f.q3),
        { text: '', draw: (doc, box) => peerBand(doc, box, f) },
      ]),
      { boldLast: !!s.peers.overall },
    );
  }

  if (s.alignment) {
    layout.space(16);
    const groups = s.alignment.groups;
    layout.heading('Role spread (current state)');
    layout.text(
      `Averages per role group (${groups.map((g) => `${g.name}: ${g.respondents}`).join(', ')} respondents) and the spread between the highest and the lowest, largest spread first.`,
      { color: COLOR.muted, size: SIZE.table },
    );
    layout.space(5);
    layout.table(
      [
        { header: 'Practice area', width: 34 },
        ...groups.map((g) => ({
          header: g.name,
          width: Math.max(8, 52 / groups.length),
          align: 'right' as const,
        })),
        { header: 'Spread', width: 10, align: 'right' },
      ],
      s.alignment.sections.map((a) => [
        a.name,
        ...a.averages.map((x) => score(x.average)),
        { text: score(a.spread), bold: true },
      ]),
    );
  }
}

/** The quartile band on the 0-5 scale: a box from q1 to q3, a tick at the median, a dot for the organization. */
function peerBand(
  doc: Doc,
  box: { x: number; y: number; width: number; height: number },
  f: { value: number | null; q1: number; median: number; q3: number },
) {
  const at = (v: number) => box.x + (Math.max(0, Math.min(5, v)) / 5) * box.width;
  const mid = box.y + box.height / 2;
  doc
    .moveTo(box.x, mid)
    .lineTo(box.x + box.width, mid)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.rect(at(f.q1), mid - 3.5, Math.max(1, at(f.q3) - at(f.q1)), 7).fill(COLOR.future);
  doc
    .moveTo(at(f.median), mid - 5)
    .lineTo(at(f.median), mid + 5)
    .lineWidth(1.2)
    .strokeColor(COLOR.ink)
    .stroke();
  if (f.value !== null) doc.circle(at(f.value), mid, 2.8).fill(COLOR.accent);
}
