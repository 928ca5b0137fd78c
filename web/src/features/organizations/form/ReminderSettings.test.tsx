// @vitest-environment jsdom

import { AssessmentType, type RoadmapStatusCode, UserGroup } from '@domain/codes';
import { reminderTexts } from '@domain/rules/reminders';
import type { OrganizationView } from '@domain/schemas/organizationView';
import type { ReminderPreview } from '@domain/schemas/reminders';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invite, orgUser, savedManufacturer, statusRef } from './organizationFixtures';
import {
  type Answer,
  clickSave,
  fakeOrganizationApi,
  field,
  openOrganization,
  openTab,
  type,
} from './organizationFormHarness';

// Report Settings' reminders (docs/decisions.md#insights-reminders): the three settings saved with the
// form, who will be reminded by the saved settings, and Send reminders now.

const admin = buildUser('admin', { organization: null });
const champion = buildUser('manufacturer-champion', {
  id: 33,
  organization: { ...buildUser('manufacturer-champion').organization!, id: 12 },
});
const ann = orgUser(31, 'Ann Lee');
const bob = orgUser(32, 'Bob Ray');
const self = orgUser(33, 'Sam Self', {
  group: { id: 3, name: 'Champion', enumValue: UserGroup.ManufacturerChampion },
});

const previewRows: ReminderPreview['data'] = [
  {
    inviteId: 71,
    respondent: { id: 31, fullName: 'Ann Lee' },
    assessment: { id: 1, name: 'Current State Assessment' },
    sentCount: 1,
    nextOn: '2026-11-27',
  },
  {
    inviteId: 72,
    respondent: { id: 32, fullName: 'Bob Ray' },
    assessment: { id: 1, name: 'Current State Assessment' },
    sentCount: 3,
    nextOn: null,
  },
];

const manufacturer = (extra: Partial<OrganizationView> = {}, status: RoadmapStatusCode = 'CurrentState') =>
  savedManufacturer({
    remindersEnabled: true,
    reminderEveryDays: 7,
    maxReminders: 3,
    roadmap: { ...savedManufacturer().roadmap!, status: statusRef(status) },
    ...extra,
  });

const invites = () => ({
  body: {
    data: [
      invite(71, ann, AssessmentType.CurrentState, { updatedDateTime: '2026-11-06T10:00:00Z' }),
      invite(72, bob, AssessmentType.CurrentState, { updatedDateTime: '2026-10-01T10:00:00Z' }),
    ],
    count: 2,
  },
});

function serve(extra: Record<string, () => Answer> = {}) {
  return fakeOrganizationApi({
    'admin/organization/getbyid': () => ({ body: manufacturer() }),
    'admin/user/search/byorg': () => ({ body: { data: [ann, bob], count: 2 } }),
    'admin/assessmentInvite/search/byorg': invites,
    'organization/reminders/preview': () => ({ body: { isSuccess: true, message: '', data: previewRows } }),
    'admin/organization/update': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: 12 } },
    }),
    ...extra,
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

async function openReportSettings(user = admin, path = '/admin/organization/manufacturer/12') {
  const view = await openOrganization(path, user, 'Manufacturer');
  openTab('Report Settings');
  return view;
}

const preview = () => screen.getByRole('region', { name: 'Who will be reminded' });

describe('the reminder settings', () => {
  it('show as saved and go with Save as numbers', async () => {
    const api = serve();
    await openReportSettings();
    const group = screen.getByRole('group', { name: 'Reminders' });
    expect(within(group).getByLabelText<HTMLInputElement>('Send reminders').checked).toBe(true);
    expect(field('Remind every (days)').value).toBe('7');
    expect(field('Reminders at most').value).toBe('3');

    fireEvent.click(screen.getByLabelText('Send reminders'));
    type('Remind every (days)', '14');
    type('Reminders at most', '0');
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    expect(api.sent('admin/organization/update').organization).toMatchObject({
      remindersEnabled: false,
      reminderEveryDays: 14,
      maxReminders: 0,
    });
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
  });

  it.each([
    ['Remind every (days)', '0', reminderTexts.everyDaysRange],
    ['Remind every (days)', '', reminderTexts.everyDaysRange],
    ['Reminders at most', '11', reminderTexts.maxRange],
    ['Reminders at most', '', reminderTexts.maxRange],
  ])("refuses %s '%s' with the domain's message, and saves nothing", async (label, value, message) => {
    const api = serve();
    await openReportSettings();
    type(label, value);
    clickSave();
    // Under the field, tied to it, and in the summary above the form.
    const input = field(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.count('admin/organization/update')).toBe(0);
  });

  it('are the champion’s to change and save too', async () => {
    const api = serve({
      'admin/organization/mine': () => ({ body: manufacturer() }),
      'admin/user/search/byorg/mine': () => ({ body: { data: [ann, self], count: 2 } }),
      'admin/assessmentInvite/search/byorg/mine': invites,
    });
    await openReportSettings(champion, '/admin/organization/mine');
    // The institute's switches are not theirs; the reminders are.
    expect(screen.queryByLabelText('Anonymize Results')).toBeNull();
    type('Remind every (days)', '3');
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    expect(api.sent('admin/organization/update').organization).toMatchObject({ reminderEveryDays: 3 });
  });
});

describe('who will be reminded', () => {
  it('lists each invitee with the reminders sent and the next date, or no more reminders', async () => {
    const api = serve();
    await openReportSettings();
    const rows = await within(preview()).findAllByRole('row');
    expect(api.sent('organization/reminders/preview')).toEqual({ id: 12 });
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Person', 'Assessment', 'Reminders sent', 'Next reminder'],
      ['Ann Lee', 'Current State Assessment', '1', '11/27/2026'],
      ['Bob Ray', 'Current State Assessment', '3', 'No more reminders'],
    ]);
  });

  it("says the server's reason when nobody is reminded, and offers no Send reminders now", async () => {
    serve({
      'organization/reminders/preview': () => ({
        body: { isSuccess: true, message: reminderTexts.disabled, data: [] },
      }),
    });
    await openReportSettings();
    expect(await within(preview()).findByText(reminderTexts.disabled)).toBeTruthy();
    expect(within(preview()).queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reminders now' }).matches(':disabled')).toBe(true);
  });

  it('says it follows the saved settings while the form has unsaved reminder changes', async () => {
    serve();
    await openReportSettings();
    await within(preview()).findAllByRole('row');
    const hint = /follows the saved settings/;
    expect(within(preview()).queryByText(hint)).toBeNull();
    type('Reminders at most', '5');
    expect(within(preview()).getByText(hint)).toBeTruthy();
    // Typed back as saved: nothing unsaved.
    type('Reminders at most', '3');
    expect(within(preview()).queryByText(hint)).toBeNull();
  });

  it('is not shown for a manufacturer that is not saved yet', async () => {
    serve({
      'admin/organization/init': () => ({ body: { ...manufacturer(), id: null, name: '' } }),
    });
    await openOrganization('/admin/organization/manufacturer/new', admin, 'Manufacturer');
    openTab('Report Settings');
    expect(screen.getByRole('group', { name: 'Reminders' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Who will be reminded' })).toBeNull();
  });
});

describe('Send reminders now', () => {
  it('asks with the number of people, then says what the server answered and refreshes the lists', async () => {
    let sent = false;
    const api = serve({
      'organization/reminders/sendnow': () => {
        sent = true;
        return { body: { isSuccess: true, message: reminderTexts.sent(1), data: { sent: 1 } } };
      },
      'organization/reminders/preview': () => ({
        body: {
          isSuccess: true,
          message: '',
          data: sent
            ? [{ ...previewRows[0]!, sentCount: 2, nextOn: '2026-12-04' }, previewRows[1]]
            : previewRows,
        },
      }),
    });
    await openReportSettings();
    await within(preview()).findAllByRole('row');
    const invitesRead = api.count('admin/assessmentInvite/search/byorg');

    fireEvent.click(screen.getByRole('button', { name: 'Send reminders now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminders now' });
    // Bob has had every reminder: only Ann is reminded.
    expect(within(dialog).getByText(/^1 person will be reminded now\./)).toBeTruthy();
    expect(within(dialog).getByText(/one of the 3 they may get/)).toBeTruthy();
    expect(api.count('organization/reminders/sendnow')).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reminders' }));

    await waitFor(() => expect(api.count('organization/reminders/sendnow')).toBe(1));
    expect(api.sent('organization/reminders/sendnow')).toEqual({ id: 12 });
    const status = within(preview()).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('1 reminder was sent.'));
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(await within(preview()).findByText('12/4/2026')).toBeTruthy();
    await waitFor(() => expect(api.count('admin/assessmentInvite/search/byorg')).toBe(invitesRead + 1));
    // The draft is kept: nothing reloads the organization.
    expect(api.count('admin/organization/update')).toBe(0);
  });

  it('sends nothing when the question is cancelled', async () => {
    const api = serve({
      'organization/reminders/sendnow': () => ({ body: { isSuccess: true, message: '', data: { sent: 0 } } }),
    });
    await openReportSettings();
    await within(preview()).findAllByRole('row');
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminders now' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.count('organization/reminders/sendnow')).toBe(0);
  });

  it("tells the server's refusal in the same place", async () => {
    serve({
      'organization/reminders/sendnow': () => ({
        status: 400,
        body: { isSuccess: false, message: 'Only a manufacturer has invites to remind.' },
      }),
    });
    await openReportSettings();
    await within(preview()).findAllByRole('row');
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders now' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send reminders' }),
    );
    const status = within(preview()).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Only a manufacturer has invites to remind.'));
  });
});
