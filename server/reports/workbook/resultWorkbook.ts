import type { Writable } from 'node:stream';
import { levelName, type ResultScores } from '@domain/rules/reportFigures.js';
import type { ReportAnswer, ReportContent } from '../../db/rows.js';
import { answerTexts } from './answers.js';
import { day, openBook, score } from './book.js';

// One person's report (assessmentresult/report/byid/download): Summary and Responses.

export type ResultReport = {
  organization: string;
  assessment: string;
  /** The respondent's name, or 'Respondent' where the caller sees results anonymized. */
  respondent: string;
  anonymized: boolean;
  functionalRole: string | null;
  roleGroup: string;
  completionDateTime: string;
  content: ReportContent;
  answers: ReportAnswer[];
  scores: ResultScores;
};

/** Writes one person's report to `stream` (ended when the workbook is complete). */
export async function writeResultWorkbook(stream: Writable, r: ResultReport): Promise<void> {
  const book = await openBook(stream);
  const summary = book.sheet('Summary', [30, 44, 16]);
  summary.row([`${r.assessment}: ${r.organization}`], 'title');
  summary.fact('Organization', r.organization);
  summary.fact('Respondent', r.respondent);
  summary.fact('Functional role', r.functionalRole ?? '');
  summary.fact('Role group', r.roleGroup);
  summary.fact('Assessment', r.assessment);
  summary.fact('Completion date', day(r.completionDateTime));
  summary.fact('Overall score', score(r.scores.overall));
  summary.fact('Maturity level', levelName(r.scores.overall));
  summary.blank();
  summary.row(['Practice area', 'Score', 'Maturity level'], 'header');
  let first = 0;
  let last = -1;
  for (const s of r.content.sections) {
    const value = r.scores.sections[s.code];
    if (value === undefined) continue;
    last = summary.row([s.caption, score(value), levelName(value)]);
    first ||= last;
  }
  summary.dataBars(2, 2, first, last);
  summary.commit();

  const responses = book.sheet('Responses', [28, 60, 60, 30, 10], { rows: 1 });
  responses.row(['Practice area', 'Practice', 'Answer', 'Other (please specify)', 'Score'], 'header');
  const texts = answerTexts(r.content, r.answers, r.anonymized);
  const sectionOf = new Map(r.content.sections.map((s) => [s.id, s.caption]));
  last = 1;
  for (const q of r.content.questions) {
    const text = texts.get(q.id);
    last = responses.row([
      sectionOf.get(q.sectionId) ?? '',
      q.caption,
      text?.answer ?? '',
      text?.other ?? '',
      score(r.scores.questions[q.id]),
    ]);
  }
  responses.dataBars(5, 5, 2, last);
  responses.commit();
  await book.commit();
}
