import { OVERDUE, type PlanReportAction } from '../actionPlan.js';
import { noActionsMessage } from '../workbook/actionPlanSheet.js';
import { MOVED_BACKWARDS, noRoundsMessage } from '../workbook/progressSheet.js';
import { actionCounts, isoDay, levelOf, score } from './format.js';
import { type Cell, COLOR, type Layout, SIZE } from './layout.js';
import type { ExecutiveArea, ExecutiveSummary } from './summary.js';

// The executive summary's plan (docs/decisions.md#insights-actions): every action by practice area in
// the plan's order, then a page per practice area with its figures, how it moved and its actions.

const actionCell = (a: PlanReportAction): Cell => ({
  text: a.title,
  note: a.reason ? `Reason: ${a.reason}` : undefined,
});
const statusCell = (a: PlanReportAction): Cell => ({
  text: a.status,
  mark: a.overdue ? OVERDUE : undefined,
});

/** The plan: the practice areas by gap with their follow-through and counts, then every action. */
export function planPages(layout: Layout, s: ExecutiveSummary) {
  const actions = s.plan.actions;
  const total = s.areas.reduce(
    (sum, a) => ({ open: sum.open + a.open, done: sum.done + a.done, overdue: sum.overdue + a.overdue }),
    { open: 0, done: 0, overdue: 0 },
  );
  layout.heading('Action plan');
  layout.text(
    'Practice areas by gap, largest first. Follow-through: Closing when actions were done between the last two progress rounds and the area rose; Gap Not Closed when it did not.',
    { color: COLOR.muted, size: SIZE.table },
  );
  layout.space(5);
  layout.table(
    [
      { header: 'Practice area', width: 31 },
      { header: 'Current', width: 9, align: 'right' },
      { header: 'Future', width: 9, align: 'right' },
      { header: 'Gap', width: 8, align: 'right' },
      { header: 'Follow-through', width: 17 },
      { header: 'Open', width: 7, align: 'right' },
      { header: 'Done', width: 8, align: 'right' },
      { header: 'Overdue', width: 11, align: 'right' },
    ],
    s.areas.map((a) => [
      a.name,
      score(a.current),
      score(a.future),
      { text: score(a.gap), bold: true },
      a.followThrough,
      String(a.open),
      String(a.done),
      a.overdue ? { text: String(a.overdue), alert: true } : '0',
    ]),
  );
  layout.space(14);

  layout.heading('Actions', SIZE.h3, 40);
  if (actions.length === 0) {
    layout.text(noActionsMessage);
    return;
  }
  layout.text(
    `${actions.length} ${actions.length === 1 ? 'action' : 'actions'}: ${actionCounts(total)}. By practice area as above; within each, by due date.`,
    { color: COLOR.muted, size: SIZE.table },
  );
  layout.space(5);
  layout.table(
    [
      { header: 'Practice area', width: 19 },
      { header: 'Action', width: 37 },
      { header: 'Owner', width: 18 },
      { header: 'Due date', width: 12 },
      { header: 'Status', width: 14 },
    ],
    actions.map((a) => [
      a.practiceArea,
      actionCell(a),
      a.owner ?? 'Unassigned',
      isoDay(a.dueOn),
      statusCell(a),
    ]),
  );
}

const followThroughMeaning: Record<string, string> = {
  Closing: 'actions were done and the area rose in the latest round.',
  'Gap Not Closed': 'actions were done, but the area did not rise in the latest round.',
};

/** One practice area: its figures, how it moved, where it stands among peers and groups, its actions. */
export function areaPage(layout: Layout, s: ExecutiveSummary, area: ExecutiveArea, index: number) {
  layout.text(`PRACTICE AREA ${index + 1} OF ${s.areas.length}`, {
    font: 'bold',
    size: SIZE.small,
    color: COLOR.muted,
  });
  layout.space(2);
  layout.text(area.name, { font: 'bold', size: SIZE.h1, color: COLOR.ink });
  layout.space(10);
  layout.cards([
    { label: 'Current state', value: score(area.current), caption: levelOf(area.currentLevel) },
    { label: 'Future state', value: score(area.future), caption: levelOf(area.futureLevel) },
    {
      label: 'Gap',
      value: score(area.gap),
      caption: area.gap === null ? 'Needs both states' : 'Future minus current',
    },
  ]);
  layout.space(14);

  layout.fact('Actions', actionCounts(area));
  layout.fact(
    'Follow-through',
    area.followThrough
      ? `${area.followThrough}: ${followThroughMeaning[area.followThrough] ?? ''}`
      : 'None yet: it shows once actions are done between two progress rounds.',
  );
  const p = area.progress;
  if (p && p.rounds.length > 0) {
    const first = score(p.rounds[0]);
    const latest = score(p.rounds[p.rounds.length - 1]);
    layout.fact(
      'Progress',
      p.rounds.length === 1
        ? `Round 1: ${first}. Progress shows from the second round.`
        : `First round ${first}, latest round ${latest}: progress made ${score(p.progress)}, gap left to the target ${score(p.gapLeft)}.${p.movedBackwards ? ` ${MOVED_BACKWARDS} since the round before.` : ''}`,
    );
  } else {
    layout.fact('Progress', noRoundsMessage);
  }
  if (area.peer)
    layout.fact(
      'Peers',
      `Lower quartile ${score(area.peer.q1)}, median ${score(area.peer.median)}, upper quartile ${score(area.peer.q3)}; this organization ${score(area.peer.value)}.`,
    );
  if (area.spread)
    layout.fact(
      'Role groups',
      `${area.spread.averages.map((a) => `${a.group} ${score(a.average)}`).join(', ')}; spread ${score(area.spread.spread)}.`,
    );
  layout.space(12);

  layout.heading('Actions', SIZE.h3, 40);
  if (area.actions.length === 0) {
    layout.text('No actions for this practice area yet.', { color: COLOR.muted });
    return;
  }
  layout.table(
    [
      { header: 'Action', width: 48 },
      { header: 'Owner', width: 24 },
      { header: 'Due date', width: 13 },
      { header: 'Status', width: 15 },
    ],
    area.actions.map((a) => [actionCell(a), a.owner ?? 'Unassigned', isoDay(a.dueOn), statusCell(a)]),
  );
}
