import { describe, expect, it } from 'vitest';
import { UserGroup } from '../domain/codes.js';
import { messages } from '../domain/messages.js';
import { accessibilityProblems } from './support/axe.js';
import { DESKTOP, PHONE, screenshot } from './support/browser.js';
import { createUser, userIdOf } from './support/db.js';
import { expectHeading, pathOf, signIn } from './support/journey.js';
import { mailingServer } from './support/mailingServer.js';

const ADMIN_PASSWORD = 'Admin#Accounts1';
const journey = mailingServer(ADMIN_PASSWORD);

async function adminToken(): Promise<string> {
  const res = await fetch(`${journey.server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('accounts', () => {
  it('signs up, is approved by an administrator, follows the mailed invite, and lands on the dashboard', async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${journey.server.baseUrl}/register`);
    await expectHeading(page, 'Get Started!');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Required').first().waitFor();
    await screenshot(page, 'signup-errors-desktop');

    const stamp = Date.now().toString(36);
    const email = `pat.${stamp}@example.com`;
    await page.getByLabel('Full Name').fill('Pat Newcomer');
    await page.getByLabel('User Name').pressSequentially(`pat new ${stamp}`);
    // Spaces disappear as they are typed.
    expect(await page.getByLabel('User Name').inputValue()).toBe(`patnew${stamp}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Group').selectOption({ label: 'Manufacturer Champion' });
    await page.getByLabel('Organization').fill(`Acme Fabrication ${stamp}`);
    await page.getByLabel('Business Type').selectOption({ label: 'Job Shop' });
    await page.getByLabel('Functional Role').selectOption({ index: 1 });
    await page.getByLabel('Referred By').selectOption({ label: 'Other (please specify)' });
    await page.getByLabel("If 'Other', please specify").fill('A trade show');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectHeading(page, messages.account.accountCreatedTitle);
    await page.getByText(messages.account.accountCreatedText).waitFor();
    await screenshot(page, 'signup-created-desktop');

    const notice = await journey.smtp.waitFor(
      (m) => m.to.includes('admin@localhost') && m.body.includes('Pat Newcomer'),
    );
    expect(notice.subject).toContain('awaiting approval');

    // The administrator approves by sending the invite.
    const userId = userIdOf(journey.server.dataDir, `patnew${stamp}`);
    const res = await fetch(`${journey.server.baseUrl}/api/admin/user/resendinvite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ user: { id: userId }, host: journey.server.baseUrl }),
    });
    expect(await res.json()).toEqual({ isSuccess: true, message: messages.account.inviteSent });
    const invite = await journey.smtp.waitFor((m) => m.to.includes(email));
    const link = invite.links.find((l) => l.includes('/invite/'));
    expect(link?.startsWith(`${journey.server.baseUrl}/invite/`)).toBe(true);

    await page.goto(link!);
    await expectHeading(page, "You're Invited!");
    await page.getByLabel('User Name').fill(`patnew${stamp}`);
    await page.getByLabel('Password', { exact: true }).fill('Welcome#Aboard1');
    await page.getByLabel('Confirm Password').fill('Welcome#Aboard1');
    await screenshot(page, 'invite-desktop');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.account.inviteConfirmed).waitFor();
    await screenshot(page, 'invite-confirmed-desktop');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expectHeading(page, 'Welcome, Pat Newcomer');
    await page.close();
  });

  it('forgets the password, follows the mailed link, and signs in with the new one', async () => {
    const user = await createUser(
      journey.server.dataDir,
      UserGroup.Manufacturer,
      'Old#Password1',
      'Jordan Lee',
    );
    const email = `${user.userName}@example.com`;
    const page = await journey.browser.newPage({ viewport: PHONE });
    await page.goto(journey.server.baseUrl);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectHeading(page, 'Forgot Password');
    await page.getByLabel('User Name').fill(user.userName);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.account.forgotPasswordSent).waitFor();
    await screenshot(page, 'forgot-password-sent-phone');

    const mail = await journey.smtp.waitFor((m) => m.to.includes(email));
    const link = mail.links.find((l) => l.includes('/resetpassword/'))!;
    await page.goto(link);
    await expectHeading(page, 'Reset Your Password');
    await page.getByText(messages.account.resetIntro).waitFor();
    await expect.poll(() => page.getByLabel('User Name').inputValue()).toBe(user.userName);
    await page.getByLabel('New Password').fill('Fresh#Password2');
    await page.getByLabel('Confirm Password').fill('Fresh#Password2');
    await screenshot(page, 'reset-password-phone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectHeading(page, 'Welcome, Jordan Lee');
    expect(await pathOf(page)).toBe('/');
    await page.getByText(messages.account.passwordReset).waitFor();

    // The link is used up, and the new password is the one that works.
    await page.goto(link);
    await page.getByText(messages.account.linkInvalid).waitFor();
    const fresh = await journey.browser.newPage({ viewport: DESKTOP });
    await fresh.goto(journey.server.baseUrl);
    await signIn(fresh, user.userName, 'Old#Password1');
    await fresh.getByText(messages.login.invalidCredentials).waitFor();
    await signIn(fresh, user.userName, 'Fresh#Password2');
    await expectHeading(fresh, 'Welcome, Jordan Lee');
    await page.close();
    await fresh.close();
  });

  it('edits the profile and changes the password in the modal', async () => {
    const user = await createUser(
      journey.server.dataDir,
      UserGroup.Consultant,
      'Profile#Pass1',
      'Dana Whitfield',
    );
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${journey.server.baseUrl}/profile`);
    await signIn(page, user.userName, 'Profile#Pass1');
    await expectHeading(page, 'My Profile');
    await page.getByLabel('Phone Number').fill('555-0142');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(messages.account.profileSaved).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Phone Number').inputValue()).toBe('555-0142');

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current Password').fill('Profile#Pass1');
    await dialog.getByLabel('New Password').fill('Profile#Pass2');
    await dialog.getByLabel('Confirm Password').fill('Profile#Pass2');
    await screenshot(page, 'profile-change-password-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.auth.passwordUpdated).first().waitFor();
    // The session goes on with the new token: the page still works after a reload.
    await page.reload();
    await expectHeading(page, 'My Profile');
    await page.close();
  });
});
