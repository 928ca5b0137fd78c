import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import { createUser, userIdOf } from './support/db.js';
import { expectHeading, pathOf, signIn } from './support/journey.js';
import { mailingServer } from './support/mailingServer.js';

const ADMIN_PASSWORD = 'Admin#Orgs2024';
const m = messages.organization;
const stamp = Date.now().toString(36);
const firmName = `Northwind Advisors ${stamp}`;
const makerName = `Keystone Castings ${stamp}`;
const journey = mailingServer(ADMIN_PASSWORD);

/** Fills the user row `n` (1-based) of the Manage Users tab. */
async function fillUser(page: Page, n: number, user: { fullName: string; userName: string; email: string }) {
  await page.getByLabel(`Full Name of user ${n}`).fill(user.fullName);
  await page.getByLabel(`User Name of user ${n}`).fill(user.userName);
  await page.getByLabel(`Email of user ${n}`).fill(user.email);
  const role = page.getByLabel(`Functional Role of user ${n}`);
  if (await role.count()) await role.selectOption({ index: 1 });
}

/** Follows an invitation mail, chooses a password and lands on the dashboard. */
async function acceptInvite(page: Page, email: string, userName: string, password: string) {
  const mail = await journey.smtp.waitFor(
    (x) => x.to.includes(email) && x.links.some((l) => l.includes('/invite/')),
  );
  await page.goto(mail.links.find((l) => l.includes('/invite/'))!);
  await expectHeading(page, "You're Invited!");
  await page.getByLabel('User Name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(messages.account.inviteConfirmed).waitFor();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  return mail;
}

const people = {
  consultant: { fullName: 'Casey Morgan', userName: `casey${stamp}`, email: `casey.${stamp}@example.com` },
  champion: { fullName: 'Riley Chen', userName: `riley${stamp}`, email: `riley.${stamp}@example.com` },
  second: { fullName: 'Sam Ortiz', userName: `sam${stamp}`, email: `sam.${stamp}@example.com` },
  third: { fullName: 'Taylor Brooks', userName: `taylor${stamp}`, email: `taylor.${stamp}@example.com` },
  colleague: { fullName: 'Jamie Fox', userName: `jamie${stamp}`, email: `jamie.${stamp}@example.com` },
};

describe('organizations and roadmaps', () => {
  it('an admin creates a consulting firm and a manufacturer with demographics, users and invites; the invites arrive', async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await page.goto(journey.server.baseUrl);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();

    // The consulting firm, with its consultant.
    await page.goto(`${journey.server.baseUrl}/admin/organization/list/consultant`);
    await expectHeading(page, 'Consulting Firms');
    await page.getByRole('link', { name: 'Add Consulting Firm' }).click();
    await page.getByRole('heading', { name: 'Consulting Firm', exact: true }).waitFor();
    await page.getByLabel('Name').fill(firmName);
    await page.getByLabel(m.businessAreaQuestion).selectOption({ index: 1 });
    await page.getByLabel('HQ State').selectOption({ label: 'Michigan' });
    await page.getByRole('tab', { name: /Manage Users/ }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    await fillUser(page, 1, people.consultant);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.saved).first().waitFor();
    await page.waitForURL(/\/admin\/organization\/consultant\/\d+$/);

    // The manufacturer: fields, demographics, three users (one the champion) and their invites.
    await page.goto(`${journey.server.baseUrl}/admin/organization/list/manufacturer`);
    await expectHeading(page, 'Manufacturers');
    await page.getByRole('link', { name: 'Add Manufacturer' }).click();
    await page.getByRole('heading', { name: 'Manufacturer', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(m.nameRequired).first().waitFor();
    await page.getByText(m.demographicMissing).first().waitFor();
    await screenshot(page, 'organization-new-errors-desktop');

    await page.getByLabel('Name').fill(makerName);
    await page.getByLabel(m.businessAreaQuestion).selectOption({ index: 1 });
    await page.getByLabel(m.consultingFirmQuestion).selectOption({ label: `${firmName} (MI)` });
    await page.getByRole('tab', { name: 'Demographics' }).click();
    await page.getByLabel('Company Maturity').selectOption({ index: 1 });
    await page.getByLabel('Number of Employees').selectOption({ index: 2 });
    await page.getByLabel('Number of Facilities').selectOption({ index: 1 });
    await page.getByLabel('HQ Region').selectOption({ label: 'North America' });
    await page.getByLabel('HQ State').selectOption({ label: 'Ohio' });
    await page.getByLabel('332 - Fabricated Metal Product Manufacturing').check();

    await page.getByRole('tab', { name: /Manage Users/ }).click();
    for (const [n, person] of [people.champion, people.second, people.third].entries()) {
      await page.getByRole('button', { name: 'Add User' }).click();
      await fillUser(page, n + 1, person);
    }
    await page.getByLabel('User 1 is a champion').check();
    await page.getByText(m.rememberUsers).first().waitFor();
    await screenshot(page, 'organization-users-desktop');

    // Each new user brought their current- and future-state invites; invite all three now.
    await page.getByRole('tab', { name: 'Current State Assessment' }).click();
    const invites = page.getByRole('checkbox', { name: 'Invite' });
    expect(await invites.count()).toBe(3);
    for (let i = 0; i < 3; i++) await invites.nth(i).check();
    await page.getByRole('tab', { name: 'Future State Assessment' }).click();
    await page.getByText(m.futureInvitesLocked).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.saved).first().waitFor();
    await page.waitForURL(/\/admin\/organization\/manufacturer\/\d+$/);
    // The saved manufacturer's name is the main heading, its overview above the form.
    await page.getByRole('heading', { name: makerName, level: 1 }).waitFor();
    await page.getByText('0 of 3 completed').first().waitFor();
    await page.getByRole('tab', { name: 'Manage Users (3)' }).waitFor();
    await page.getByRole('tab', { name: 'Current State Assessment' }).click();
    await screenshot(page, 'organization-invites-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'organization-invites-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The three invitation mails arrive, each with a link to choose a password.
    for (const person of [people.champion, people.second, people.third]) {
      const mail = await journey.smtp.waitFor((x) => x.to.includes(person.email));
      expect(mail.subject).toContain('Current State');
    }
    await page.close();
  });

  it('the champion accepts the invite, opens Manage Roadmap and invites a colleague', async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await acceptInvite(page, people.champion.email, people.champion.userName, 'Champion#Pass1');
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);
    await page.getByRole('button', { name: 'Riley', exact: true }).click();
    await page.locator('.dropdown-menu.show').getByRole('link', { name: 'Manage Roadmap' }).click();
    expect(await pathOf(page)).toBe('/admin/organization/mine');
    await page.getByRole('heading', { name: 'Manufacturer', exact: true }).waitFor();
    await page.getByLabel('Name').waitFor();
    // The institute's fields are read-only for a champion.
    expect(await page.getByLabel(m.roadmapStatusQuestion).count()).toBe(0);

    await page.getByRole('tab', { name: /Manage Users/ }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    // The champion's own row is hidden: the colleague is the third row shown.
    await fillUser(page, 3, people.colleague);
    await page.getByRole('tab', { name: 'Current State Assessment' }).click();
    const row = page.getByRole('row').filter({ hasText: people.colleague.userName });
    await row.getByRole('checkbox', { name: 'Invite' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.admin.saved).first().waitFor();
    const mail = await journey.smtp.waitFor((x) => x.to.includes(people.colleague.email));
    expect(mail.body).toContain(makerName);
    await screenshot(page, 'organization-champion-desktop');

    // Cancel takes a champion home.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expectHeading(page, `Welcome, ${people.champion.fullName}`);
    await page.close();
  });

  it('the consultant sees only the manufacturer their firm works with', async () => {
    const token = await (
      await fetch(`${journey.server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
      })
    ).json();
    // A manufacturer the firm does not work with.
    await createUser(journey.server.dataDir, UserGroup.Manufacturer, 'Other#Maker1', 'Other Maker');
    // The admin sends the consultant their invite, as the user screens do.
    const invited = await fetch(`${journey.server.baseUrl}/api/admin/user/resendinvite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.data.token}` },
      body: JSON.stringify({
        user: { id: userIdOf(journey.server.dataDir, people.consultant.userName) },
        host: journey.server.baseUrl,
      }),
    });
    expect((await invited.json()).isSuccess).toBe(true);

    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await acceptInvite(page, people.consultant.email, people.consultant.userName, 'Consult#Pass1');
    await expectHeading(page, `Welcome, ${people.consultant.fullName}`);
    await page.goto(`${journey.server.baseUrl}/admin/organization/list/manufacturer`);
    await expectHeading(page, 'Manufacturers');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(makerName);
    await screenshot(page, 'organization-consultant-list-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'organization-consultant-list-phone');
    await page.close();
  });
});
