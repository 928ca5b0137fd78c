import ExcelJS from 'exceljs';
import { PRODUCT_NAME } from '../../domain/codes.js';
import { maturityLevels } from '../../domain/rules/maturity.js';
import { maturityLevelOf, roundScore } from '../../domain/rules/scoring.js';

// The Excel reports of SPEC.md section 7 (assessmentresult/report/byid and byorg/download). Built from
// scores the presenters already computed, so the workbook and the results screen always agree.

export type SectionScoreRow = { code: string; caption: string; score: number; level: string };
export type ScoresOf = { overall: { score: number; level: string } | null; sections: SectionScoreRow[] };

export type RespondentResult = {
  /** The respondent's name, or 'Respondent n' when the organization's results are anonymized. */
  respondent: string;
  /** The functional role as the organization groups it (its alias, else the role's name). */
  roleGroup: string;
  completionDateTime: string;
  scores: ScoresOf;
  answers: { section: string; practice: string; answer: string; score: number | null }[];
};

const heading = (sheet: ExcelJS.Worksheet, title: string, rows: [string, string | number][]) => {
  sheet.addRow([title]).font = { bold: true, size: 14 };
  for (const [label, value] of rows) sheet.addRow([label, value]).getCell(1).font = { bold: true };
  sheet.addRow([]);
};

const tableHeader = (sheet: ExcelJS.Worksheet, cells: string[]) => {
  const row = sheet.addRow(cells);
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2D4A6E' } };
  });
};

const day = (iso: string) => iso.slice(0, 10);
const mean = (xs: number[]) => (xs.length ? roundScore(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const levelOf = (score: number | null) => (score === null ? '' : maturityLevelOf(score, maturityLevels).name);

function newBook() {
  const book = new ExcelJS.Workbook();
  book.creator = PRODUCT_NAME;
  book.created = new Date();
  return book;
}

/** One person's result: a summary, the section scores and every answer. */
export async function resultWorkbook(p: {
  organization: string;
  assessment: string;
  result: RespondentResult;
}): Promise<Buffer> {
  const book = newBook();
  const summary = book.addWorksheet('Summary');
  heading(summary, `${p.assessment}: ${p.organization}`, [
    ['Respondent', p.result.respondent],
    ['Role group', p.result.roleGroup],
    ['Completed', day(p.result.completionDateTime)],
    ['Overall score', p.result.scores.overall?.score ?? ''],
    ['Maturity level', p.result.scores.overall?.level ?? ''],
  ]);
  tableHeader(summary, ['Practice area', 'Score', 'Maturity level']);
  for (const s of p.result.scores.sections) summary.addRow([s.caption, s.score, s.level]);
  summary.columns.forEach((c, i) => {
    c.width = i === 0 ? 44 : 18;
  });

  const answers = book.addWorksheet('Answers');
  tableHeader(answers, ['Practice area', 'Practice', 'Answer', 'Score']);
  for (const a of p.result.answers) answers.addRow([a.section, a.practice, a.answer, a.score ?? '']);
  answers.columns.forEach((c, i) => {
    c.width = [30, 60, 60, 10][i];
    c.alignment = { wrapText: true, vertical: 'top' };
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * An organization's results for one assessment: the mean per practice area, each respondent's scores,
 * and the means per role group (roles sharing an alias are grouped, SPEC.md section 2).
 */
export async function organizationWorkbook(p: {
  organization: string;
  assessment: string;
  results: RespondentResult[];
}): Promise<Buffer> {
  const book = newBook();
  const sections = p.results[0]?.scores.sections.map((s) => ({ code: s.code, caption: s.caption })) ?? [];
  const scoreOf = (r: RespondentResult, code: string) =>
    r.scores.sections.find((s) => s.code === code)?.score;
  const meanOf = (rs: RespondentResult[], code: string) =>
    mean(rs.map((r) => scoreOf(r, code)).filter((x): x is number => x !== undefined));
  const overall = mean(p.results.map((r) => r.scores.overall?.score).filter((x): x is number => x != null));

  const summary = book.addWorksheet('Summary');
  heading(summary, `${p.assessment}: ${p.organization}`, [
    ['Respondents', p.results.length],
    ['Overall score', overall ?? ''],
    ['Maturity level', levelOf(overall)],
  ]);
  tableHeader(summary, ['Practice area', 'Mean score', 'Maturity level']);
  for (const s of sections) {
    const score = meanOf(p.results, s.code);
    summary.addRow([s.caption, score ?? '', levelOf(score)]);
  }
  summary.columns.forEach((c, i) => {
    c.width = i === 0 ? 44 : 18;
  });

  const respondents = book.addWorksheet('Respondents');
  tableHeader(respondents, [
    'Respondent',
    'Role group',
    'Completed',
    'Overall',
    ...sections.map((s) => s.caption),
  ]);
  for (const r of p.results)
    respondents.addRow([
      r.respondent,
      r.roleGroup,
      day(r.completionDateTime),
      r.scores.overall?.score ?? '',
      ...sections.map((s) => scoreOf(r, s.code) ?? ''),
    ]);
  respondents.columns.forEach((c, i) => {
    c.width = i < 2 ? 28 : 16;
  });

  const groups = book.addWorksheet('Role Groups');
  tableHeader(groups, ['Role group', 'Respondents', ...sections.map((s) => s.caption)]);
  const byGroup = new Map<string, RespondentResult[]>();
  for (const r of p.results) byGroup.set(r.roleGroup, [...(byGroup.get(r.roleGroup) ?? []), r]);
  for (const [group, rs] of [...byGroup].sort(([a], [b]) => a.localeCompare(b)))
    groups.addRow([group, rs.length, ...sections.map((s) => meanOf(rs, s.code) ?? '')]);
  groups.columns.forEach((c, i) => {
    c.width = i === 0 ? 28 : 16;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 'Acme Castings 2024-05-01 Current State Assessment.xlsx', safe on every file system. */
export function reportFileName(parts: (string | null | undefined)[]): string {
  const name = parts
    .filter(Boolean)
    .join(' ')
    .split('')
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
  return `${name || 'report'}.xlsx`;
}
