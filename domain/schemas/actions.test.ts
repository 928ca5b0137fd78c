import { describe, expect, it } from 'vitest';
import { actionTexts } from '../rules/actions.js';
import { actionAddSchema, actionSearchSchema, actionUpdateSchema } from './actions.js';

/** The first message zod gives for `body`, with its field, or 'ok'. */
function refusal(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  body: unknown,
) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return 'ok';
  const issue = parsed.error?.issues[0];
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

const add = { organizationId: 20, sectionId: 3, title: 'Map the value stream' };

describe('the action calls refuse bad input with a readable text (docs/decisions.md#insights-actions)', () => {
  it('fills the defaults of an add', () => {
    expect(actionAddSchema.parse(add)).toEqual({
      ...add,
      description: '',
      ownerId: null,
      dueOn: null,
      status: 'NotStarted',
      rationale: '',
    });
    expect(actionAddSchema.parse({ ...add, title: '  Trimmed  ', ownerId: -1, dueOn: '' })).toMatchObject({
      title: 'Trimmed',
      ownerId: null,
      dueOn: null,
    });
  });

  it('asks a title of 1 to 200 characters on one line', () => {
    expect(refusal(actionAddSchema, { ...add, title: '   ' })).toBe(`title: ${actionTexts.titleRequired}`);
    expect(refusal(actionAddSchema, { ...add, title: undefined })).toBe(
      `title: ${actionTexts.titleRequired}`,
    );
    expect(refusal(actionAddSchema, { ...add, title: 'x'.repeat(200) })).toBe('ok');
    expect(refusal(actionAddSchema, { ...add, title: 'x'.repeat(201) })).toBe(
      'title: Title must be at most 200 characters.',
    );
    expect(refusal(actionAddSchema, { ...add, title: 'Two\nlines' })).toBe(
      `title: ${actionTexts.titleCharacters}`,
    );
    // A leading = is a name rule, not an action's: a title may quote a formula.
    expect(refusal(actionAddSchema, { ...add, title: '=OEE target' })).toBe('ok');
  });

  it('keeps line breaks in a description and refuses other control characters and over 4,000', () => {
    expect(refusal(actionAddSchema, { ...add, description: 'First\n\tthen\r\nlast' })).toBe('ok');
    expect(refusal(actionAddSchema, { ...add, description: 'nul\u0000' })).toBe(
      `description: ${actionTexts.descriptionCharacters}`,
    );
    expect(refusal(actionAddSchema, { ...add, description: 'x'.repeat(4001) })).toBe(
      'description: Description must be at most 4000 characters.',
    );
  });

  it('takes due dates of real days from 2010 to 2100 only', () => {
    expect(refusal(actionAddSchema, { ...add, dueOn: '2027-02-28' })).toBe('ok');
    for (const dueOn of ['2027-02-29', '2009-12-31', '2101-01-01', '31/01/2027', 20270131])
      expect(refusal(actionAddSchema, { ...add, dueOn })).toBe(`dueOn: ${actionTexts.dueOnRange}`);
  });

  it('names the five statuses when given another', () => {
    expect(refusal(actionAddSchema, { ...add, status: 'Open' })).toBe(`status: ${actionTexts.statusUnknown}`);
  });

  it('asks a reason for Deferred and Won\u2019t Do, up to 1,000 characters', () => {
    expect(refusal(actionAddSchema, { ...add, status: 'Deferred' })).toBe(
      `rationale: ${actionTexts.rationaleRequired}`,
    );
    expect(refusal(actionAddSchema, { ...add, status: 'WontDo', rationale: '   ' })).toBe(
      `rationale: ${actionTexts.rationaleRequired}`,
    );
    expect(refusal(actionAddSchema, { ...add, status: 'WontDo', rationale: 'Out of scope' })).toBe('ok');
    expect(refusal(actionAddSchema, { ...add, status: 'Done', rationale: 'x'.repeat(1001) })).toBe(
      'rationale: Reason must be at most 1000 characters.',
    );
  });

  it('refuses ids that are not positive whole numbers', () => {
    expect(refusal(actionAddSchema, { ...add, organizationId: 'abc' })).toBe(
      'organizationId: Must be a number.',
    );
    expect(refusal(actionAddSchema, { ...add, sectionId: 2.5 })).toBe('sectionId: Must be a whole number.');
    expect(refusal(actionUpdateSchema, { id: 0 })).toBe('id: Must be positive.');
  });

  it('takes null, a blank and the placeholder -1 for no owner and refuses any other non-id', () => {
    for (const none of [null, '', -1, '-1'])
      expect(actionAddSchema.parse({ ...add, ownerId: none }).ownerId).toBeNull();
    expect(actionAddSchema.parse({ ...add, ownerId: '31' }).ownerId).toBe(31);
    for (const bad of [0, '0', -2, false, true, 1.5, 'abc', {}])
      expect(refusal(actionAddSchema, { ...add, ownerId: bad })).toBe(
        `ownerId: ${actionTexts.ownerNotMember}`,
      );
    expect(refusal(actionUpdateSchema, { id: 5, ownerId: 0 })).toBe(`ownerId: ${actionTexts.ownerNotMember}`);
  });

  it('changes on update only the fields sent', () => {
    expect(actionUpdateSchema.parse({ id: 5, status: 'InProgress' })).toEqual({
      id: 5,
      status: 'InProgress',
    });
    expect(actionUpdateSchema.parse({ id: 5, ownerId: null, dueOn: null })).toEqual({
      id: 5,
      ownerId: null,
      dueOn: null,
    });
  });

  it('filters a search by status, area and overdue, all optional', () => {
    expect(actionSearchSchema.parse({ organizationId: 20 })).toEqual({ organizationId: 20 });
    expect(refusal(actionSearchSchema, { organizationId: 20, overdue: 'yes' })).toBe(
      'overdue: Overdue must be true or false.',
    );
    expect(refusal(actionSearchSchema, { organizationId: 20, take: 10001 })).not.toBe('ok');
  });
});
