import { ROLE_GROUP_MINIMUM, type RoleAlignment } from '@domain/rules/roleAlignment.js';
import { type Book, score } from './book.js';

// The organization report's Role Alignment sheet (docs/product.md#insights-alignment): each role group's average per practice
// area and the spread between groups, the largest disagreement first, as POST organization/alignment
// answers it for the report's own assessment type.

export const noAlignmentMessage = `No role group has ${ROLE_GROUP_MINIMUM} or more respondents yet, so there is nothing to compare.`;

export function roleAlignmentSheet(
  book: Book,
  assessment: string,
  alignment: RoleAlignment,
  /** Under Anonymize Results (anonymity.readerRoleAlignment): a small Other takes in the smallest group. */
  anonymized = false,
) {
  const groups = alignment.groups;
  const sheet = book.sheet('Role Alignment', [34, ...groups.map(() => 16), 12, 12]);
  sheet.row([`Role alignment: ${assessment}`], 'title');
  sheet.row([
    `Averages per role group and the spread between the highest and the lowest, largest spread first. Groups of fewer than ${ROLE_GROUP_MINIMUM} respondents are counted together as Other, ${
      anonymized
        ? `which takes in the smallest group while it has fewer than ${ROLE_GROUP_MINIMUM}, so every respondent is in a group shown.`
        : `which is left out while it has fewer than ${ROLE_GROUP_MINIMUM}.`
    }`,
  ]);
  sheet.blank();
  if (groups.length === 0) {
    sheet.row([noAlignmentMessage]);
    sheet.commit();
    return;
  }
  sheet.row(['Role group', 'Respondents'], 'header');
  for (const g of groups) sheet.row([g.name, g.respondents]);
  sheet.blank();
  sheet.row(['Practice area', ...groups.map((g) => g.name), 'Spread'], 'header');
  let first = 0;
  let last = -1;
  for (const s of alignment.sections) {
    last = sheet.row([s.name, ...s.averages.map((a) => score(a.average)), score(s.spread)]);
    first ||= last;
  }
  sheet.dataBars(2, groups.length + 1, first, last);
  sheet.commit();
}
