// @vitest-environment jsdom

import { AssessmentType, type RoadmapStatusCode } from '@domain/codes';
import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invite, orgUser, savedManufacturer, statusRef } from './organizationFixtures';
import {
  type Answer,
  clickSave,
  fakeOrganizationApi,
  inviteRow,
  openOrganization,
  openTab,
} from './organizationFormHarness';

const m = messages.organization;
const admin = buildUser('admin', { organization: null });
const ann = orgUser(31, 'Ann Lee');
const bob = orgUser(32, 'Bob Ray');
let api: ReturnType<typeof fakeOrganizationApi>;

function serve(status: RoadmapStatusCode, extra: Record<string, () => Answer> = {}) {
  api = fakeOrganizationApi({
    'admin/organization/getbyid': () => ({
      body: savedManufacturer({
        roadmap: { ...savedManufacturer().roadmap!, status: statusRef(status) },
      }),
    }),
    'admin/user/search/byorg': () => ({ body: { data: [ann, bob], count: 2 } }),
    'admin/assessmentInvite/search/byorg': () => ({
      body: {
        data: [
          invite(71, ann, AssessmentType.CurrentState, { updatedDateTime: '2024-03-02T15:00:00Z' }),
          invite(72, bob, AssessmentType.CurrentState, {
            updatedDateTime: '2024-03-02T15:00:00Z',
            assessmentResult: { id: 9, completionDateTime: '2024-04-05T15:00:00Z' },
          }),
          invite(73, ann, AssessmentType.FutureState),
        ],
        count: 3,
      },
    }),
    'admin/organization/update': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: 12 } },
    }),
    ...extra,
  });
}

beforeEach(() => serve('CurrentState'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const open = () => openOrganization('/admin/organization/manufacturer/12', admin, 'Manufacturer');

describe('the invite tabs', () => {
  it('lists invites with their dates, and Resend only where the assessment is incomplete', async () => {
    await open();
    expect(api.sent('admin/user/search/byorg')).toEqual({
      query: '',
      skip: 0,
      take: 9999,
      organizationId: 12,
    });
    expect(api.sent('admin/assessmentInvite/search/byorg')).toMatchObject({ organizationId: 12, take: 9999 });
    openTab('Current State Assessment');
    const annRow = inviteRow('Ann Lee');
    expect(annRow.getByText('3/2/2024')).toBeTruthy();
    expect(annRow.getByRole('button', { name: 'Resend Invite' })).toBeTruthy();
    const bobRow = inviteRow('Bob Ray');
    expect(bobRow.getByText('4/5/2024')).toBeTruthy();
    expect(bobRow.queryByRole('button', { name: 'Resend Invite' })).toBeNull();
    // An invite with a result cannot be deleted.
    expect(bobRow.queryByRole('button', { name: /Delete/ })).toBeNull();
    openTab('Future State Assessment');
    expect(inviteRow('Ann Lee').getByLabelText('Invite')).toBeTruthy();
  });

  it('shows how many reminders each saved invite has had, and when the last went', async () => {
    serve('CurrentState', {
      'admin/assessmentInvite/search/byorg': () => ({
        body: {
          data: [
            invite(71, ann, AssessmentType.CurrentState, {
              updatedDateTime: '2024-03-02T15:00:00Z',
              remindersSent: 2,
              lastReminderOn: '2026-11-20',
            }),
            invite(72, bob, AssessmentType.CurrentState, { updatedDateTime: '2024-03-02T15:00:00Z' }),
          ],
          count: 2,
        },
      }),
    });
    await open();
    openTab('Current State Assessment');
    expect(screen.getByRole('columnheader', { name: 'Reminders' })).toBeTruthy();
    const reminders = inviteRow('Ann Lee').getByText('last 11/20/2026').closest('td')!;
    expect(reminders.getAttribute('data-label')).toBe('Reminders');
    // The count, with the day of the last below it.
    expect(within(reminders).getByText('2')).toBeTruthy();
    expect(inviteRow('Bob Ray').getByText('None')).toBeTruthy();
  });

  it('locks a tab the roadmap status does not allow, with its message', async () => {
    serve('CurrentStateReporting');
    await open();
    openTab('Current State Assessment');
    expect(screen.getByText(m.currentInvitesLocked)).toBeTruthy();
    const deleteButton = inviteRow('Ann Lee').getByRole('button', { name: 'Delete the invite of Ann Lee' });
    expect(deleteButton.matches(':disabled')).toBe(true);
    expect(inviteRow('Ann Lee').getByRole('button', { name: 'Resend Invite' }).matches(':disabled')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Add Invite' })).toBeNull();
    openTab('Future State Assessment');
    expect(screen.getByText(m.futureInvitesLocked)).toBeTruthy();
  });

  it("deletes a saved invite: 'pending...' until saved, sent as inactive, then reloaded", async () => {
    await open();
    openTab('Current State Assessment');
    fireEvent.click(inviteRow('Ann Lee').getByRole('button', { name: 'Delete the invite of Ann Lee' }));
    expect(inviteRow('Ann Lee').getByText('pending...')).toBeTruthy();
    expect(screen.getByText(m.rememberInvites.trim())).toBeTruthy();
    // Ann may now be invited again.
    const invitees = within(screen.getByLabelText('Invitee to add')).getAllByRole('option');
    expect(invitees.map((o) => o.textContent)).toEqual(['--Select One--', 'Ann Lee']);
    const loads = api.count('admin/organization/getbyid');
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    expect(api.sent('admin/organization/update').assessmentInvites).toEqual([
      {
        id: 71,
        respondent: { id: 31 },
        assessment: { id: 1 },
        excludeFromReport: false,
        sendInvite: false,
        isActive: false,
      },
      {
        id: 72,
        respondent: { id: 32 },
        assessment: { id: 1 },
        excludeFromReport: false,
        sendInvite: false,
        isActive: true,
      },
      {
        id: 73,
        respondent: { id: 31 },
        assessment: { id: 2 },
        excludeFromReport: false,
        sendInvite: false,
        isActive: true,
      },
    ]);
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
    await waitFor(() => expect(api.count('admin/organization/getbyid')).toBe(loads + 1));
  });

  it('adds an invite for a user without one', async () => {
    serve('FutureState');
    await open();
    openTab('Future State Assessment');
    fireEvent.change(screen.getByLabelText('Invitee to add'), { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Invite' }));
    expect(inviteRow('Bob Ray').getByRole('button', { name: 'Delete the invite of Bob Ray' })).toBeTruthy();
    fireEvent.click(inviteRow('Bob Ray').getByRole('button', { name: 'Delete the invite of Bob Ray' }));
    expect(screen.queryByText('Bob Ray', { selector: 'td > div' })).toBeNull();
  });

  it("re-sends an invite: 'Sending...', then 'Invite Sent'", async () => {
    let answer: (value: Answer) => void = () => {};
    serve('CurrentState', {
      'admin/assessmentinvite/sendinvite': () => {
        throw new Error('replaced below');
      },
    });
    const pending = new Promise<Answer>((resolve) => {
      answer = resolve;
    });
    const fetchSpy = vi.mocked(fetch);
    const fake = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => {
      if (String(input).endsWith('admin/assessmentinvite/sendinvite')) {
        api.calls.push({ path: 'admin/assessmentinvite/sendinvite', body: JSON.parse(String(init?.body)) });
        const { body } = await pending;
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }
      return fake(input, init);
    });
    await open();
    openTab('Current State Assessment');
    fireEvent.click(inviteRow('Ann Lee').getByRole('button', { name: 'Resend Invite' }));
    expect(await inviteRow('Ann Lee').findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(api.sent('admin/assessmentinvite/sendinvite')).toEqual({
      invite: { id: 71 },
      host: window.location.origin,
    });
    answer({ body: { isSuccess: true, message: 'Invite was sent.' } });
    expect(await inviteRow('Ann Lee').findByRole('button', { name: 'Invite Sent' })).toBeTruthy();
    expect(await screen.findByText(m.inviteResent)).toBeTruthy();
  });

  it("shows '...failed' when the invite could not be re-sent", async () => {
    serve('CurrentState', {
      'admin/assessmentinvite/sendinvite': () => ({ body: { isSuccess: false, message: 'No mail today.' } }),
    });
    await open();
    openTab('Current State Assessment');
    fireEvent.click(inviteRow('Ann Lee').getByRole('button', { name: 'Resend Invite' }));
    expect(await inviteRow('Ann Lee').findByRole('button', { name: '...failed' })).toBeTruthy();
    expect(await screen.findByText(m.inviteResendFailure)).toBeTruthy();
  });
});

describe('saved users', () => {
  it('removes a saved user: greyed with pending..., their open invites deactivated', async () => {
    await open();
    openTab('Manage Users (2)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove user 1' }));
    const row = screen.getByLabelText('Full Name of user 1').closest('tr')!;
    expect(row.className).toContain('smr-row-inactive');
    expect(within(row).getByText('pending...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Manage Users (1)' })).toBeTruthy();
    expect(screen.getByText(`${m.rememberUsers}${m.rememberInvites}`)).toBeTruthy();
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    const sent = api.sent('admin/organization/update');
    expect((sent.users as { id: number; isActive: boolean }[]).map((u) => [u.id, u.isActive])).toEqual([
      [31, false],
      [32, true],
    ]);
    expect(
      (sent.assessmentInvites as { id: number; isActive: boolean }[]).map((i) => [i.id, i.isActive]),
    ).toEqual([
      [71, false],
      [72, true],
      [73, false],
    ]);
  });
});

describe('the benchmark', () => {
  it('offers Generate Benchmark from current-state reporting on, and reloads after it', async () => {
    serve('CurrentStateReporting', {
      'admin/benchmark/generate/byorg': () => ({ body: { isSuccess: true, message: '', data: 4 } }),
    });
    await open();
    openTab('Report Settings');
    const loads = api.count('admin/organization/getbyid');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Benchmark' }));
    expect(await screen.findByText(m.benchmarkGenerated)).toBeTruthy();
    expect(api.sent('admin/benchmark/generate/byorg')).toEqual({ id: 12 });
    await waitFor(() => expect(api.count('admin/organization/getbyid')).toBe(loads + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getAllByRole('button', { name: 'Generate Benchmark' })).toHaveLength(2);
  });

  it('is not offered before current-state reporting', async () => {
    await open();
    openTab('Report Settings');
    expect(screen.queryByRole('button', { name: /Benchmark/ })).toBeNull();
    expect(screen.getByLabelText(m.excludeFromBenchmark)).toBeTruthy();
    expect(screen.getByLabelText('Alias of Engineering')).toBeTruthy();
  });
});

describe('the reports', () => {
  const downloads = {
    'assessmentresult/report/byorg/download': () => ({ body: 'xlsx' }),
    'assessmentresult/report/byid/download': () => ({ body: 'xlsx' }),
  };
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }),
    );
  });

  it("offers the organization's report and each completed person's report once past pre-assessment", async () => {
    serve('CurrentStateReporting', downloads);
    await open();
    openTab('Current State Assessment');
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    await waitFor(() =>
      expect(api.sent('assessmentresult/report/byorg/download')).toEqual({ id: 12, assessmentType: 1 }),
    );
    // Only Bob has completed the assessment, so only his row has a report.
    expect(inviteRow('Ann Lee').queryByRole('button', { name: /Download/ })).toBeNull();
    fireEvent.click(inviteRow('Bob Ray').getByRole('button', { name: 'Download the report of Bob Ray' }));
    await waitFor(() => expect(api.sent('assessmentresult/report/byid/download')).toEqual({ id: 9 }));
  });

  it('offers the Executive Summary (PDF) beside the current-state report, and downloads the PDF', async () => {
    serve('FutureStateReporting', {
      ...downloads,
      'assessmentresult/report/byorg/pdf': () => ({ body: 'pdf' }),
    });
    await open();
    openTab('Future State Assessment');
    // The future-state tab offers its own report only: the summary goes with the current-state one.
    expect(screen.queryByRole('button', { name: 'Executive Summary (PDF)' })).toBeNull();
    openTab('Current State Assessment');
    const tools = screen.getByRole('button', { name: 'Download Report' }).parentElement!;
    expect(
      within(tools)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Executive Summary (PDF)', 'Download Report']);
    fireEvent.click(within(tools).getByRole('button', { name: 'Executive Summary (PDF)' }));
    await waitFor(() => expect(api.sent('assessmentresult/report/byorg/pdf')).toEqual({ id: 12 }));
    expect(api.count('assessmentresult/report/byorg/download')).toBe(0);
  });

  it("keeps each person's report downloadable in a tab the roadmap status locks", async () => {
    // At FutureState the current-state invites are locked, but reading a report changes nothing.
    serve('FutureState', downloads);
    await open();
    openTab('Current State Assessment');
    expect(screen.getByText(/can only be edited/i)).toBeTruthy();
    const button = inviteRow('Bob Ray').getByRole('button', { name: 'Download the report of Bob Ray' });
    expect(button.matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Download Report' }).matches(':disabled')).toBe(false);
    // The locked tab's own fields stay locked.
    expect(inviteRow('Bob Ray').getByRole('checkbox').matches(':disabled')).toBe(true);
    fireEvent.click(button);
    await waitFor(() => expect(api.sent('assessmentresult/report/byid/download')).toEqual({ id: 9 }));
  });

  it('offers no report before there is one to read, and no personal reports when results are anonymized', async () => {
    serve('PreAssessment', downloads);
    await open();
    openTab('Current State Assessment');
    expect(screen.queryByRole('button', { name: 'Download Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Executive Summary (PDF)' })).toBeNull();
    cleanup();

    const consultant = buildUser('consultant', {
      organization: {
        id: 51,
        name: 'Bright Path Advisors',
        code: null,
        type: { enumValue: 2, name: 'Consulting Firm' },
        businessType: null,
      },
    });
    api = fakeOrganizationApi({
      ...downloads,
      'admin/organization/getbyid': () => ({
        body: savedManufacturer({
          anonymizeResults: true,
          roadmap: { ...savedManufacturer().roadmap!, status: statusRef('CurrentStateReporting') },
        }),
      }),
      'admin/user/search/byorg': () => ({ body: { data: [ann, bob], count: 2 } }),
      'admin/assessmentInvite/search/byorg': () => ({
        body: {
          data: [
            invite(72, bob, AssessmentType.CurrentState, {
              assessmentResult: { id: 9, completionDateTime: '2024-04-05T15:00:00Z' },
            }),
          ],
          count: 1,
        },
      }),
    });
    await openOrganization('/admin/organization/manufacturer/12', consultant, 'Manufacturer');
    openTab('Current State Assessment');
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Download Report' })).toBeNull();
  });
});
