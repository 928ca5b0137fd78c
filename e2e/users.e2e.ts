import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { manufacturerBody } from '../bench/organizationBody.js';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import { createUser, userIdOf } from './support/db.js';
import { expectHeading, pathOf, signIn } from './support/journey.js';
import { mailingServer } from './support/mailingServer.js';

// User administration as the institute's administrator does it (docs/decisions.md#users): approving a sign-up,
// one-time passcodes, converting a visitor, deactivating a user with an open invite, and the invite list.

const ADMIN_PASSWORD = 'Admin#Users2024';
const PASSWORD = 'Person#Pass2024';
const journey = mailingServer(ADMIN_PASSWORD);
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function call<T = { isSuccess: boolean; message: string; data?: unknown }>(
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${journey.server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

const tokenOf = async (userName: string, password: string) =>
  (await call<{ data: { token: string } }>('auth/login', { userName, password })).data.token;

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const page = await journey.browser.newPage({ viewport, acceptDownloads: true });
  await page.goto(journey.server.baseUrl);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expectHeading(page, 'Welcome, System Administrator');
  return page;
}

/** A manufacturer with one champion and one user, each invited to the current and future state. */
async function createManufacturer(token: string) {
  const lookups = await (await fetch(`${journey.server.baseUrl}/api/admin/lookup/getall`)).json();
  const idOf = async (code: string) =>
    (await call<{ assessmentId: number }>('assessment/bycode', { query: code }, token)).assessmentId;
  const body = manufacturerBody(
    lookups,
    { current: await idOf('current-state'), future: await idOf('future-state') },
    Number.parseInt(stamp().slice(-4), 36),
  );
  body.organization.name = `Journey Manufacturer ${stamp()}`;
  const saved = await call<{ isSuccess: boolean; message: string; data: { id: number } }>(
    'admin/organization/add',
    body,
    token,
  );
  expect(saved.isSuccess, saved.message).toBe(true);
  return { id: saved.data.id, name: body.organization.name, users: body.users };
}

describe('user administration', () => {
  it('approves a pending sign-up by sending the invite, and the person accepts it', async () => {
    const s = stamp();
    const userName = `casey${s}`;
    const email = `casey.${s}@example.com`;
    const lookups = await (await fetch(`${journey.server.baseUrl}/api/admin/lookup/getall`)).json();
    const pick = (type: number, orgType?: number) =>
      (lookups as { id: number; lookupType: { enumValue: number }; organizationType: number | null }[]).find(
        (l) => l.lookupType.enumValue === type && (orgType === undefined || l.organizationType === orgType),
      )!.id;
    const signedUp = await call('auth/signup', {
      user: {
        userName,
        fullName: `Casey Pending ${s}`,
        email,
        group: { enumValue: UserGroup.ManufacturerChampion },
        organization: { name: `Casey Castings ${s}`, businessType: { id: pick(1, 3) } },
        functionalRole: { id: pick(3) },
      },
    });
    expect(signedUp.isSuccess, signedUp.message).toBe(true);

    const page = await adminPage();
    await page.goto(`${journey.server.baseUrl}/admin/user/list/pending`);
    await expectHeading(page, 'Admin | Users | Pending');
    await page.getByRole('searchbox').fill(userName);
    await page.getByRole('link', { name: `Casey Pending ${s}` }).click();
    await expectHeading(page, `${messages.users.title}${messages.users.pendingSuffix}`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'user-pending-desktop');

    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page.getByText(messages.account.inviteSent).first().waitFor();
    // The banner shows the invite date and the button now re-sends.
    await page.getByText(/Invite sent on \d{1,2}\/\d{1,2}\/\d{4}/).waitFor();
    await page.getByRole('button', { name: 'Re-send Invite' }).waitFor();

    const mail = await journey.smtp.waitFor((m) => m.to.includes(email));
    const link = mail.links.find((l) => l.includes('/invite/'));
    expect(link).toBeDefined();
    const person = await journey.browser.newPage({ viewport: PHONE });
    await person.goto(link!);
    await expectHeading(person, "You're Invited!");
    await person.getByLabel('User Name').fill(userName);
    await person.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await person.getByLabel('Confirm Password').fill(PASSWORD);
    await person.getByRole('button', { name: 'Submit' }).click();
    await person.getByText(messages.account.inviteConfirmed).waitFor();
    await person.close();

    // Approved now: the pending list no longer holds them, the approved list does.
    await page.goto(`${journey.server.baseUrl}/admin/user/list/approved`);
    await expectHeading(page, 'Admin | Users | Approved');
    await page.getByRole('searchbox').fill(userName);
    await page.getByRole('link', { name: `Casey Pending ${s}` }).waitFor();
    await page.close();
  });

  it('gives a user a one-time passcode; signing in with it forces a new password', async () => {
    const fullName = `Otto Passcode ${stamp()}`;
    const { id, userName } = await createUser(
      journey.server.dataDir,
      UserGroup.Manufacturer,
      PASSWORD,
      fullName,
    );
    const page = await adminPage();
    await page.goto(`${journey.server.baseUrl}/admin/user/${id}`);
    await expectHeading(page, messages.users.title);
    await page.getByRole('button', { name: 'Generate One Time Passcode' }).click();
    const notice = page.getByText(/A one time passcode \S+ has been generated\./);
    await notice.waitFor();
    const code = /passcode (\S+) has been generated/.exec(await notice.innerText())?.[1];
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    await screenshot(page, 'user-passcode-desktop');
    await page.close();

    const person = await journey.browser.newPage({ viewport: DESKTOP });
    await person.goto(journey.server.baseUrl);
    await signIn(person, userName, code!);
    await expectHeading(person, 'Change Password Required');
    expect(await pathOf(person)).toBe('/otp/changepassword');
    const fresh = 'Fresh#Start2024';
    await person.getByLabel('New Password').fill(fresh);
    await person.getByLabel('Confirm Password').fill(fresh);
    await person.getByRole('button', { name: 'Continue' }).click();
    await expectHeading(person, `Welcome, ${fullName}`);
    await person.close();

    // The passcode was single use: it no longer signs in.
    const again = await call('auth/login', { userName, password: code });
    expect(again.isSuccess).toBe(false);
    expect((await call('auth/login', { userName, password: fresh })).isSuccess).toBe(true);
  });

  it('converts a visitor with a completed trial into a manufacturer user, whose trial becomes a current-state result', async () => {
    const admin = await tokenOf('admin', ADMIN_PASSWORD);
    const manufacturer = await createManufacturer(admin);
    const fullName = `Vera Visitor ${stamp()}`;
    const visitor = await createUser(journey.server.dataDir, UserGroup.Visitor, PASSWORD, fullName);
    const visitorToken = await tokenOf(visitor.userName, PASSWORD);
    const criteria = await call<{
      sections: { questions: { value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
    }>('assessment/bycode', { query: 'trial' }, visitorToken);
    for (const section of criteria.sections)
      for (const q of section.questions) {
        const choice = q.choices[1] ?? q.choices[0];
        if (choice) {
          choice.selected = true;
          q.value = choice.id;
        }
      }
    const submitted = await call('assessmentresult/add', { assessmentResult: criteria }, visitorToken);
    expect(submitted.isSuccess, submitted.message).toBe(true);

    const page = await adminPage();
    await page.goto(`${journey.server.baseUrl}/admin/user/${visitor.id}`);
    await expectHeading(page, messages.users.title);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: 'Convert to Manufacturer' }),
    });
    await card.getByLabel('Manufacturer').selectOption({ label: manufacturer.name });
    await card.getByLabel('Functional Role').selectOption({ index: 1 });
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'user-visitor-conversion-desktop');
    await card.getByRole('button', { name: 'Convert to Manufacturer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Convert' }).click();

    await page.waitForURL(`**/admin/organization/${manufacturer.id}`);
    await page.getByRole('tab', { name: 'Current State Assessment' }).click();
    const row = page.getByRole('row', { name: new RegExp(fullName) });
    await row.waitFor();
    // Completed: the row shows the completion date, so no Resend Invite button.
    expect(await row.getByText(/\d{1,2}\/\d{1,2}\/\d{4}/).count()).toBeGreaterThan(0);
    expect(await row.getByRole('button', { name: /Resend Invite/ }).count()).toBe(0);
    await screenshot(page, 'user-converted-organization-desktop');
    await page.close();

    const invites = await call<{ data: { respondent: { id: number }; assessmentResult: unknown }[] }>(
      'admin/assessmentInvite/search/byorg',
      { organizationId: manufacturer.id, skip: 0, take: 9999 },
      admin,
    );
    const theirs = invites.data.filter((i) => i.respondent.id === visitor.id);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.assessmentResult).not.toBeNull();
  });

  it('deactivates a user whose invite is still open, and the invite link stops working', async () => {
    const s = stamp();
    const email = `dana.${s}@example.com`;
    const manufacturer = await createManufacturer(await tokenOf('admin', ADMIN_PASSWORD));
    const page = await adminPage();
    await page.goto(`${journey.server.baseUrl}/admin/user/new`);
    await expectHeading(page, messages.users.title);
    await page.getByLabel('Full Name').fill(`Dana Deactivated ${s}`);
    await page.getByLabel('User Name').fill(`dana${s}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Group').selectOption({ label: 'Manufacturer' });
    await page.getByLabel('Organization').selectOption({ label: manufacturer.name });
    await page.getByLabel('Business Type').selectOption({ index: 1 });
    await page.getByLabel('Functional Role').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Invite' }).click();
    await expectHeading(page, `${messages.users.title}${messages.users.pendingSuffix}`);
    const mail = await journey.smtp.waitFor((m) => m.to.includes(email));
    const link = mail.links.find((l) => l.includes('/invite/'));
    expect(link).toBeDefined();

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.saved).first().waitFor();
    await page.getByText('Inactive', { exact: true }).first().waitFor();
    await page.close();

    const person = await journey.browser.newPage({ viewport: DESKTOP });
    await person.goto(link!);
    // The page says at once that the link no longer works, and offers no form to fill in vain.
    await person.getByText(messages.account.linkInvalid).waitFor();
    expect(await person.getByLabel('Confirm Password').count()).toBe(0);
    expect(await person.getByText(messages.account.inviteConfirmed).count()).toBe(0);
    // Nor does the register call itself accept it.
    const refused = await call('auth/register', {
      token: new URL(link!).pathname.split('/').pop(),
      userName: `dana${s}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(refused).toEqual({ isSuccess: false, message: messages.account.linkInvalid });
    await person.close();
    expect((await call('auth/login', { userName: `dana${s}`, password: PASSWORD })).isSuccess).toBe(false);
    expect(userIdOf(journey.server.dataDir, `dana${s}`)).toBeGreaterThan(0);
  });

  it('filters the invite list to pending future-state invites and downloads them', async () => {
    const admin = await tokenOf('admin', ADMIN_PASSWORD);
    const manufacturer = await createManufacturer(admin);
    const page = await adminPage();
    await page.goto(`${journey.server.baseUrl}/admin/assessmentinvite/list`);
    await expectHeading(page, 'Assessment Invites | All');
    await page.getByRole('button', { name: /^Invite lists/ }).click();
    await page.getByRole('link', { name: 'Future State Pending' }).click();
    await expectHeading(page, 'Assessment Invites | Future State (Pending)');
    expect(await pathOf(page)).toBe('/admin/assessmentinvite/list/future/pending');
    await page.getByRole('searchbox').fill(manufacturer.name);
    for (const user of manufacturer.users) await page.getByText(user.fullName).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'invite-list-future-pending-desktop');

    await page.getByRole('searchbox').fill('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^SM-Roadmap-Invites-FutureState-Pending-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const rows = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    const ours = rows.filter((r) => r.Manufacturer === manufacturer.name);
    expect(ours.map((r) => r.Invitee).sort()).toEqual(manufacturer.users.map((u) => u.fullName).sort());
    // Pending future-state invites only: no completion date, every row a future-state assessment.
    for (const r of rows) {
      expect(r['Completed On']).toBe('');
      expect(r.Assessment).toMatch(/Future/i);
    }
    await page.close();

    const phone = await adminPage(PHONE);
    await phone.goto(`${journey.server.baseUrl}/admin/assessmentinvite/list/future/pending`);
    await expectHeading(phone, 'Assessment Invites | Future State (Pending)');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'invite-list-future-pending-phone');
    await phone.close();
  });
});
