// @vitest-environment jsdom

import { UserGroup } from '@domain/codes';
import type { UserFormMode, UserInput } from '@domain/schemas/account';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { lookupNamed, testConsultingFirms, testLookups, testOrganizations } from '@web/testing/lookups';
import { fakeFetch, renderWithClient } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserForm } from './UserForm';
import { type UserFormValues, userFormValuesFrom } from './userFormValues';
import { useUserForm } from './useUserForm';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'organization/consultingfirms': () => ({ body: testConsultingFirms }),
        'admin/organization/all': () => ({ body: testOrganizations }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

function Harness({
  mode,
  values,
  onSave,
}: {
  mode: UserFormMode;
  values?: UserFormValues;
  onSave: (user: UserInput) => void;
}) {
  const form = useUserForm(mode, values);
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <UserForm form={form} mode={mode} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(mode: UserFormMode, values?: UserFormValues) {
  const onSave = vi.fn();
  renderWithClient(<Harness mode={mode} values={values} onSave={onSave} />);
  return onSave;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const optionsOf = (label: string) =>
  within(field(label))
    .getAllByRole('option')
    .map((o) => o.textContent);
const choose = (label: string, value: string | number) =>
  fireEvent.change(field(label), { target: { value: String(value) } });
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });

/** Waits until the lookups have arrived (the State select lists them). */
async function lookupsLoaded() {
  await waitFor(() => expect(optionsOf('State')).toContain('Ohio'));
}

describe('user form, sign-up mode', () => {
  it('offers only the consultant and champion groups and no admin fields', async () => {
    renderForm('signup');
    await lookupsLoaded();
    expect(optionsOf('Group')).toEqual(['--Select One--', 'Consultant', 'Manufacturer Champion']);
    expect(field('Organization').tagName).toBe('INPUT');
    for (const adminOnly of [
      'Last Certification Date',
      'Certificate Number',
      'Suspended',
      'Additional Info',
    ]) {
      expect(screen.queryByLabelText(adminOnly)).toBeNull();
    }
  });

  it('shows the workplace fields for champions only, and business types of the group', async () => {
    renderForm('signup');
    await lookupsLoaded();
    expect(field('Business Type').disabled).toBe(true);
    choose('Group', UserGroup.Consultant);
    expect(screen.queryByLabelText('Functional Role')).toBeNull();
    expect(optionsOf('Business Type')).toEqual(['--Select One--', 'Management Consulting']);

    choose('Group', UserGroup.ManufacturerChampion);
    expect(field('Department')).toBeTruthy();
    expect(optionsOf('Functional Role')).toEqual(['--Select One--', 'Engineering', 'Quality']);
    expect(optionsOf('Location')).toEqual(['--Select One--', 'Manufacturing Plant']);
    // The inactive business type is not offered.
    expect(optionsOf('Business Type')).toEqual(['--Select One--', 'Discrete Manufacturing']);
  });

  it('forgets a business type that does not fit a newly chosen group', async () => {
    renderForm('signup');
    await lookupsLoaded();
    choose('Group', UserGroup.Consultant);
    choose('Business Type', lookupNamed('Management Consulting').id);
    choose('Group', UserGroup.ManufacturerChampion);
    expect(field('Business Type').value).toBe('-1');
  });

  it('strips spaces from the user name as it is typed', async () => {
    renderForm('signup');
    type('User Name', 'jane q doe ');
    expect(field('User Name').value).toBe('janeqdoe');
  });

  it("disables the 'Other' text box while a consulting firm is chosen", async () => {
    renderForm('signup');
    await waitFor(() => expect(optionsOf('Referred By')).toContain('Bright Path Advisors (OH)'));
    expect(optionsOf('Referred By')).toEqual([
      '--Select One--',
      'Bright Path Advisors (OH)',
      'North Star Consulting',
      'Other (please specify)',
    ]);
    const other = () => field("If 'Other', please specify");
    choose('Referred By', 51);
    expect(other().disabled).toBe(true);
    choose('Referred By', 'other');
    expect(other().disabled).toBe(false);
  });

  it('says Required under each missing field on Save', async () => {
    const onSave = renderForm('signup');
    await lookupsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(6));
    for (const label of ['Full Name', 'User Name', 'Email', 'Group', 'Organization', 'Business Type']) {
      expect(field(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('checks a field when it is left, and the e-mail format', async () => {
    renderForm('signup');
    fireEvent.blur(field('Full Name'));
    expect(await screen.findByText('Required')).toBeTruthy();
    type('Email', 'not-an-address');
    fireEvent.blur(field('Email'));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
  });

  it('requires a functional role of a champion and submits the user', async () => {
    const onSave = renderForm('signup');
    await lookupsLoaded();
    type('Full Name', 'Jane Doe');
    type('User Name', 'jane doe');
    type('Email', 'jane@example.com');
    choose('Group', UserGroup.ManufacturerChampion);
    type('Organization', 'Acme Precision Parts');
    choose('Business Type', lookupNamed('Discrete Manufacturing').id);
    choose('Referred By', 'other');
    type("If 'Other', please specify", 'A trade show');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Functional Role').getAttribute('aria-invalid')).toBe('true'));
    expect(onSave).not.toHaveBeenCalled();

    choose('Functional Role', lookupNamed('Quality').id);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      userName: 'janedoe',
      fullName: 'Jane Doe',
      group: { enumValue: UserGroup.ManufacturerChampion },
      functionalRole: { id: lookupNamed('Quality').id },
      organization: {
        name: 'Acme Precision Parts',
        businessType: { id: lookupNamed('Discrete Manufacturing').id },
      },
      referredBy: null,
      referredByOther: 'A trade show',
      state: null,
    });
  });
});

describe('user form, admin mode', () => {
  it('offers all groups, the organizations of the group and the admin fields', async () => {
    renderForm('admin');
    await lookupsLoaded();
    expect(optionsOf('Group')).toEqual([
      '--Select One--',
      'Admin',
      'Consultant',
      'Manufacturer Champion',
      'Manufacturer',
      'Visitor',
    ]);
    // Active organizations only: 'Closed Works' is deactivated.
    await waitFor(() => expect(optionsOf('Organization')).toHaveLength(4));
    expect(optionsOf('Organization')).not.toContain('Closed Works');
    choose('Group', UserGroup.Consultant);
    expect(optionsOf('Organization')).toEqual(['--Select One--', 'Bright Path Advisors']);
    expect(optionsOf('Business Type')).toEqual(['--Select One--', 'Management Consulting']);
    for (const label of ['Certificate Number', 'Suspended', 'Exclude From Report', 'Additional Info']) {
      expect(field(label)).toBeTruthy();
    }
  });

  it('shows the last certification date for consultants only, from 2010', async () => {
    renderForm('admin');
    await lookupsLoaded();
    choose('Group', UserGroup.Manufacturer);
    expect(screen.queryByLabelText('Last Certification Date')).toBeNull();
    expect(field('Functional Role')).toBeTruthy();
    choose('Group', UserGroup.Consultant);
    expect(field('Last Certification Date').min).toBe('2010-01-01');
    expect(screen.queryByLabelText('Functional Role')).toBeNull();
    choose('Group', UserGroup.Admin);
    expect(optionsOf('Business Type')).toEqual(['--Select One--', 'Institute']);
  });
});

describe('user form, profile mode', () => {
  const consultant = buildUser('consultant', {
    organization: {
      id: 62,
      name: 'Bright Path Advisors',
      code: null,
      type: { enumValue: 2, name: 'Consulting Firm' },
      businessType: null,
    },
  });

  it('shows group and organization read-only, without referral and admin fields', async () => {
    renderForm('profile', userFormValuesFrom(consultant));
    await lookupsLoaded();
    expect(field('User Name').readOnly).toBe(true);
    expect(field('User Name').value).toBe('consultant-user');
    expect(field('Group').readOnly).toBe(true);
    expect(field('Group').value).toBe('Consultant');
    expect(field('Organization').readOnly).toBe(true);
    expect(field('Organization').value).toBe('Bright Path Advisors');
    for (const hidden of ['Business Type', 'Referred By', 'Certificate Number', 'Functional Role']) {
      expect(screen.queryByLabelText(hidden)).toBeNull();
    }
  });

  it('requires the e-mail of a consultant but not of a manufacturer', async () => {
    const onSave = renderForm('profile', { ...userFormValuesFrom(consultant), email: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    cleanup();

    const manufacturer = buildUser('manufacturer', {
      email: null,
      functionalRole: { id: lookupNamed('Quality').id, name: 'Quality', code: 'quality' },
    });
    const saved = renderForm('profile', userFormValuesFrom(manufacturer));
    await lookupsLoaded();
    expect(field('Functional Role').value).toBe(String(lookupNamed('Quality').id));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).not.toHaveProperty('referredBy');
  });
});
