import { OVERDUE, type PlanReport } from '../actionPlan.js';
import { type Book, day, score } from './book.js';

// The organization report's Action Plan sheet (docs/decisions.md#insights-actions): the practice areas
// by gap, largest first, with their follow-through and action counts, then every action. The figures
// are the plan call's for the same reader (actionPlan.ts), so the sheet, the Action Plan tab and the
// executive summary agree.

export const noActionsMessage =
  'No actions yet: actions are added on the organization page’s Action Plan tab.';

export function actionPlanSheet(book: Book, plan: PlanReport) {
  const sheet = book.sheet('Action Plan', [34, 44, 26, 12, 16, 10, 40, 10]);
  sheet.row(['Action plan: practice areas by gap, largest first'], 'title');
  sheet.row([
    'Gap is future minus current. Follow-through: Closing when actions were done between the last two progress rounds and the area rose; Gap Not Closed when it did not.',
  ]);
  sheet.blank();
  sheet.row(
    ['Practice area', 'Current', 'Future', 'Gap', 'Follow-through', 'Open', 'Done', 'Overdue'],
    'header',
  );
  let first = 0;
  let last = -1;
  for (const s of plan.sections) {
    last = sheet.row([
      s.name,
      score(s.current),
      score(s.future),
      score(s.gap),
      s.followThrough,
      s.open,
      s.done,
      s.overdue,
    ]);
    first ||= last;
  }
  sheet.dataBars(2, 3, first, last);
  sheet.blank();

  sheet.row(['Actions'], 'bold');
  if (plan.actions.length === 0) {
    sheet.row([noActionsMessage]);
    sheet.commit();
    return;
  }
  sheet.row(['Practice area', 'Action', 'Owner', 'Due date', 'Status', 'Overdue', 'Reason'], 'header');
  for (const a of plan.actions)
    sheet.row([
      a.practiceArea,
      a.title,
      a.owner ?? '',
      day(a.dueOn),
      a.status,
      a.overdue ? OVERDUE : '',
      a.reason,
    ]);
  sheet.commit();
}
