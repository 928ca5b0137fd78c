import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Subjects of 72 characters or fewer keep `git log --oneline`, blame and every Git UI readable; the
// detail belongs in the body. The rule holds from the commit that adopted it: older subjects stay as
// history wrote them. A date, not a commit: a shallow clone may not hold the commit that adopted it.
const RULE_ADOPTED_AT = '2026-11-26T18:45:00Z';
const MAX_SUBJECT = 72;

function longSubjects(subjects: string[]): string[] {
  return subjects.filter((subject) => subject.length > MAX_SUBJECT);
}

function subjectsSinceAdoption(): string[] {
  const log = execFileSync('git', ['log', '--format=%s', `--since=${RULE_ADOPTED_AT}`, 'HEAD'], {
    encoding: 'utf8',
  });
  return log.split('\n').filter(Boolean);
}

describe('commit subjects', () => {
  it('finds a subject over 72 characters', () => {
    expect(longSubjects(['Fix the pager', 'x'.repeat(73)])).toEqual(['x'.repeat(73)]);
  });

  it('are 72 characters or fewer since the rule was adopted', () => {
    expect(longSubjects(subjectsSinceAdoption())).toEqual([]);
  });
});
