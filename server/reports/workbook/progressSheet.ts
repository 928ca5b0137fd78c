import { overallProgress, type Progress, sectionProgress } from '@domain/rules/progress.js';
import { type Book, day, score } from './book.js';

// The organization report's Progress sheet (docs/product.md#insights-progress): the rounds kept each time the roadmap moved to
// Current State Reporting, against the future-state target, per practice area: progress made since the
// first round, the gap left to the target, and the areas that moved backwards since the round before.

export const noRoundsMessage =
  'No round has closed yet: a round is kept each time the roadmap moves to Current State Reporting.';
export const noTargetMessage = 'There is no target yet: it is set by the future-state results.';
export const MOVED_BACKWARDS = 'Moved backwards';

export function progressSheet(book: Book, progress: Progress) {
  const rounds = progress.rounds;
  const sheet = book.sheet('Progress', [34, 10, ...rounds.map(() => 14), 14, 12, 18]);
  sheet.row(['Progress against the future-state target'], 'title');
  sheet.row([
    'Progress made is the latest round minus the first round; gap left is the target minus the latest round; an area moved backwards when its latest round is lower than the round before.',
  ]);
  if (!progress.target) sheet.row([noTargetMessage]);
  sheet.blank();
  if (rounds.length === 0) {
    sheet.row([noRoundsMessage]);
    sheet.commit();
    return;
  }

  sheet.row(['Round', 'Closed on', 'Respondents', 'Overall'], 'header');
  rounds.forEach((r, i) => {
    sheet.row([`Round ${i + 1}`, day(r.closedOn), r.respondents, score(r.overall)]);
  });
  sheet.blank();

  const sections = sectionProgress(progress);
  const backwards = sections.filter((s) => s.movedBackwards).map((s) => s.name);
  sheet.fact('Areas that moved backwards', backwards.length ? backwards.join('; ') : 'None');
  sheet.blank();

  sheet.row(
    [
      'Practice area',
      'Target',
      ...rounds.map((_, i) => `Round ${i + 1}`),
      'Progress made',
      'Gap left',
      'Since the round before',
    ],
    'header',
  );
  const line = (name: string, l: ReturnType<typeof overallProgress>) =>
    sheet.row([
      name,
      score(l.target),
      ...l.rounds.map(score),
      score(l.progress),
      score(l.gapLeft),
      l.movedBackwards ? MOVED_BACKWARDS : '',
    ]);
  let first = 0;
  let last = -1;
  for (const s of sections) {
    last = line(s.name, s);
    first ||= last;
  }
  last = line('Overall', overallProgress(progress));
  first ||= last;
  sheet.dataBars(2, rounds.length + 2, first, last);
  sheet.commit();
}
