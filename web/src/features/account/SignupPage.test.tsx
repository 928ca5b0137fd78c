// @vitest-environment jsdom

import { UserGroup } from '@domain/codes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { lookupNamed, testConsultingFirms, testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
let signupAnswer: () => Answer;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'organization/consultingfirms': () => ({ body: testConsultingFirms }),
        'auth/signup': () => signupAnswer(),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const change = (label: string, value: string | number) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: String(value) } });

async function fillAndSave(path = '/register') {
  const view = renderApp({ path });
  expect(await screen.findByRole('heading', { name: 'Get Started!' })).toBeTruthy();
  await waitFor(() => expect(within(screen.getByLabelText('State')).getAllByRole('option')).toHaveLength(3));
  change('Full Name', 'Casey Consultant');
  change('User Name', 'casey c');
  change('Email', 'casey@example.com');
  change('Group', UserGroup.Consultant);
  change('Organization', 'Bright Path Advisors');
  change('Business Type', lookupNamed('Management Consulting').id);
  change('Referred By', 52);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return view;
}

function sentBody() {
  const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === '/api/auth/signup');
  return JSON.parse(String(call?.[1]?.body));
}

describe('sign-up page', () => {
  it('creates the account and says an administrator will approve it', async () => {
    signupAnswer = () => ({ body: { isSuccess: true, message: '' } });
    await fillAndSave();
    expect(await screen.findByRole('heading', { name: 'Account Created!' })).toBeTruthy();
    expect(screen.getByText(/An administrator will review and approve your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('status')).toBeNull();
    expect(sentBody()).toMatchObject({
      host: window.location.origin,
      user: {
        userName: 'caseyc',
        group: { enumValue: UserGroup.Consultant },
        organization: {
          name: 'Bright Path Advisors',
          businessType: { id: lookupNamed('Management Consulting').id },
        },
        referredBy: { id: 52 },
        referredByOther: null,
        functionalRole: null,
      },
    });
  });

  it('shows a caveat that came with the success as a warning', async () => {
    signupAnswer = () => ({ body: { isSuccess: true, message: 'The administrators could not be told.' } });
    await fillAndSave('/signup');
    expect(await screen.findByRole('heading', { name: 'Account Created!' })).toBeTruthy();
    expect(screen.getByText('The administrators could not be told.').closest('.alert-warning')).toBeTruthy();
  });

  it('shows a refusal in a dialog titled Register', async () => {
    signupAnswer = () => ({
      body: { isSuccess: false, message: 'That user name is already taken. Please choose another.' },
    });
    await fillAndSave();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Register' })).toBeTruthy();
    expect(within(dialog).getByText('That user name is already taken. Please choose another.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Get Started!' })).toBeTruthy();
  });

  it('shows the generic text in the dialog for an answer other than 200', async () => {
    signupAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } });
    await fillAndSave();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('An error occurred. Please try again.')).toBeTruthy();
  });

  it('says the save failed when no answer came', async () => {
    signupAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await fillAndSave();
    expect(await screen.findByText('An error occurred saving this item.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel goes home', async () => {
    const { router } = renderApp({ path: '/register' });
    fireEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
