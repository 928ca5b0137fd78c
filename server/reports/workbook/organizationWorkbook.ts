import type { Writable } from 'node:stream';
import { type PeerSection, peersNeededMessage } from '@domain/rules/peers.js';
import { levelName } from '@domain/rules/reportFigures.js';
import { actionPlanSheet } from './actionPlanSheet.js';
import { type Book, day, openBook, score } from './book.js';
import type { OrganizationReport } from './organizationReport.js';
import { progressSheet } from './progressSheet.js';
import { roleAlignmentSheet } from './roleAlignmentSheet.js';

// The organization report (assessmentresult/report/byorg/download): Summary, By Role, Role Alignment,
// Respondents, Responses, for the future state a Roadmap, Progress (docs/product.md#insights-progress) and
// Action Plan (docs/decisions.md#insights-actions). exceljs draws no charts, so score columns carry data
// bars on the 0-5 scale instead: a reader sees the bars without a chart to maintain.

function summary(book: Book, r: OrganizationReport) {
  const sheet = book.sheet('Summary', [34, 44, 16, 12, 14, 12, 14, 12, 8, 8]);
  sheet.row([`${r.assessment}: ${r.organization}`], 'title');
  for (const [label, value] of r.facts) sheet.fact(label, value);
  sheet.fact('Assessment', r.assessment);
  sheet.fact('Report date', day(r.generatedOn.toISOString()));
  sheet.fact('Respondents counted', r.counted);
  sheet.fact('Respondents excluded', r.excluded);
  sheet.fact('Overall average', score(r.overall));
  sheet.fact('Maturity level', levelName(r.overall));
  sheet.blank();

  sheet.row(['Practice area', 'Average', 'Maturity level'], 'header');
  let first = 0;
  let last = -1;
  for (const s of r.sections) {
    last = sheet.row([s.caption, score(s.average), levelName(s.average)]);
    first ||= last;
  }
  sheet.dataBars(2, 2, first, last);
  sheet.blank();

  sheet.row(['Benchmark comparison (current state)'], 'bold');
  if (!r.peers.available) {
    sheet.row([peersNeededMessage(r.peers.needed)]);
  } else {
    sheet.fact('Benchmarked manufacturers', r.peers.contributors);
    // The results page's figures: quartiles only, over the manufacturers the reader cannot read. No
    // lowest, highest, mean or rank, each of which would give one manufacturer's figure away.
    sheet.row([
      "Quartiles of the benchmarked manufacturers' current state; manufacturers whose own results you can read are left out.",
    ]);
    sheet.row(['Practice area', 'This organization', 'Lower quartile', 'Median', 'Upper quartile'], 'header');
    const peerRow = (caption: string, f: PeerSection) =>
      sheet.row([caption, score(f.value), score(f.q1), score(f.median), score(f.q3)]);
    first = 0;
    last = -1;
    for (const s of r.peers.sections) {
      last = peerRow(s.caption, s.figures);
      first ||= last;
    }
    if (r.peers.overall) last = peerRow('Overall', r.peers.overall);
    sheet.dataBars(2, 5, first, last);
  }
  sheet.commit();
}

function byRole(book: Book, r: OrganizationReport) {
  const sheet = book.sheet('By Role', [28, 36, 12, 10, ...r.sections.map(() => 16)], { rows: 1, columns: 1 });
  sheet.row(
    ['Role group', 'Functional roles', 'Respondents', 'Overall', ...r.sections.map((s) => s.caption)],
    'header',
  );
  let last = 1;
  for (const g of r.groups)
    last = sheet.row([g.name, g.roles, g.respondents, score(g.overall), ...g.sections.map(score)]);
  sheet.dataBars(4, 4 + r.sections.length, 2, last);
  sheet.commit();
}

function respondents(book: Book, r: OrganizationReport) {
  // Anonymized: no user name, functional role or completion date (domain/rules/anonymity.ts).
  const lead = r.named ? ['Respondent', 'User name'] : ['Respondent'];
  const detail = r.named ? ['Role group', 'Functional role', 'Completed'] : ['Role group'];
  const sheet = book.sheet(
    'Respondents',
    [...lead.map(() => 26), 24, ...(r.named ? [26, 12] : []), 10, ...r.sections.map(() => 16)],
    {
      rows: 1,
      columns: 1,
    },
  );
  sheet.row([...lead, ...detail, 'Overall', ...r.sections.map((s) => s.caption)], 'header');
  let last = 1;
  for (const p of r.respondents)
    last = sheet.row([
      p.label,
      ...(r.named ? [p.userName, p.roleGroup, p.functionalRole, day(p.completedOn)] : [p.roleGroup]),
      score(p.overall),
      ...p.sections.map(score),
    ]);
  const overall = lead.length + detail.length + 1;
  sheet.dataBars(overall, overall + r.sections.length, 2, last);
  sheet.commit();
}

function responses(book: Book, r: OrganizationReport) {
  const sheet = book.sheet('Responses', [26, 60, 10, ...r.respondents.map(() => 28)], {
    rows: 1,
    columns: 3,
  });
  sheet.row(['Practice area', 'Practice', 'Average', ...r.respondents.map((p) => p.label)], 'header');
  let last = 1;
  for (const q of r.questions) last = sheet.row([q.section, q.caption, score(q.average), ...q.answers]);
  sheet.dataBars(3, 3, 2, last);
  sheet.commit();
}

function roadmap(book: Book, plan: NonNullable<OrganizationReport['roadmap']>) {
  const sheet = book.sheet('Roadmap', [30, 60, 10, 10, 10]);
  sheet.row(['Roadmap: current state against future state, largest gap first'], 'title');
  sheet.blank();
  sheet.row(['Practice areas'], 'bold');
  sheet.row(['Practice area', 'Current', 'Future', 'Gap'], 'header');
  let first = 0;
  let last = -1;
  for (const s of plan.sections) {
    last = sheet.row([s.caption, score(s.current), score(s.future), score(s.gap)]);
    first ||= last;
  }
  sheet.dataBars(2, 3, first, last);
  sheet.blank();
  sheet.row(['Practices'], 'bold');
  sheet.row(['Practice area', 'Practice', 'Current', 'Future', 'Gap'], 'header');
  first = 0;
  last = -1;
  for (const p of plan.practices) {
    last = sheet.row([p.section, p.caption, score(p.current), score(p.future), score(p.gap)]);
    first ||= last;
  }
  sheet.dataBars(3, 4, first, last);
  sheet.commit();
}

/** Writes the organization report to `stream` (ended when the workbook is complete). */
export async function writeOrganizationWorkbook(stream: Writable, report: OrganizationReport): Promise<void> {
  const book = await openBook(stream);
  summary(book, report);
  byRole(book, report);
  roleAlignmentSheet(book, report.assessment, report.alignment, !report.named);
  respondents(book, report);
  responses(book, report);
  if (report.roadmap) roadmap(book, report.roadmap);
  progressSheet(book, report.progress);
  actionPlanSheet(book, report.plan);
  await book.commit();
}
