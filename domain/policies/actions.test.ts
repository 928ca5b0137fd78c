import { describe, expect, it } from 'vitest';
import { OrganizationType } from '../codes.js';
import type { Role } from '../rules/roles.js';
import { type ActionFields, canChangeAction, canManageActionsOf, canReadActionsOf } from './actions.js';

const FIRM = 10;
const MAKER = 20;
const maker = { id: MAKER, type: OrganizationType.Manufacturer, consultingFirmId: FIRM };
const actor = (role: Role, organizationId: number | null, userId = 7) => ({ role, organizationId, userId });

describe('who reads and changes an action plan (docs/decisions.md#insights-actions)', () => {
  it.each([
    ['admin', actor('admin', 1), true, true],
    ['consultant of the firm', actor('consultant', FIRM), true, true],
    ['consultant of another firm', actor('consultant', 11), false, false],
    ['champion of the manufacturer', actor('manufacturer-champion', MAKER), true, true],
    ['champion of another', actor('manufacturer-champion', 21), false, false],
    ['member of the manufacturer', actor('manufacturer', MAKER), true, false],
    ['member of another', actor('manufacturer', 21), false, false],
    ['visitor', actor('visitor', MAKER), false, false],
  ] as const)('%s: reads %s, manages %s', (_who, a, reads, manages) => {
    expect(canReadActionsOf(a, maker)).toBe(reads);
    expect(canManageActionsOf(a, maker)).toBe(manages);
  });

  const action: ActionFields = {
    sectionId: 3,
    title: 'Map the value stream',
    description: '',
    ownerId: 7,
    dueOn: '2027-01-31',
    status: 'NotStarted',
    rationale: '',
  };

  it('lets a member change only the status and reason of an action they own', () => {
    const member = actor('manufacturer', MAKER, 7);
    expect(canChangeAction(member, maker, action, { status: 'InProgress' })).toBe(true);
    expect(
      canChangeAction(member, maker, action, { status: 'Deferred', rationale: 'Budget next year' }),
    ).toBe(true);
    expect(canChangeAction(member, maker, action, { dueOn: '2027-03-01' })).toBe(false);
    expect(canChangeAction(member, maker, action, { ownerId: 8 })).toBe(false);
    expect(canChangeAction(member, maker, action, { title: 'Something else', status: 'Done' })).toBe(false);
    // A form sends every field back: the unchanged ones are no change.
    expect(canChangeAction(member, maker, action, { ...action, status: 'Done' })).toBe(true);
  });

  it("refuses a member any change to another's action or an unowned one", () => {
    const colleague = actor('manufacturer', MAKER, 8);
    expect(canChangeAction(colleague, maker, action, { status: 'Done' })).toBe(false);
    expect(
      canChangeAction(
        actor('manufacturer', MAKER, 7),
        maker,
        { ...action, ownerId: null },
        { status: 'Done' },
      ),
    ).toBe(false);
    expect(canChangeAction(actor('manufacturer', 21, 7), maker, action, { status: 'Done' })).toBe(false);
  });

  it('lets those who manage the plan change any field', () => {
    const change = { title: 'Renamed', ownerId: null, dueOn: null };
    expect(canChangeAction(actor('manufacturer-champion', MAKER, 9), maker, action, change)).toBe(true);
    expect(canChangeAction(actor('consultant', FIRM, 9), maker, action, change)).toBe(true);
    expect(canChangeAction(actor('admin', 1, 9), maker, action, change)).toBe(true);
    expect(canChangeAction(actor('visitor', MAKER, 7), maker, action, { status: 'Done' })).toBe(false);
  });
});
