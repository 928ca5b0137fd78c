import type { FastifyInstance } from 'fastify';
import { assessmentIds, buildFirm } from './organizations.js';
import { addRespondent, bareManufacturer } from './reports.js';

// Set-ups of the action plan's and the reminders' tests (docs/decisions.md#insights-actions,
// #insights-reminders), shared by the tests of the calls and of the contract's remaining lines.

/** A user's id by user name. */
export async function userIdOf(app: FastifyInstance, userName: string): Promise<number> {
  const row = await app.deps.db
    .selectFrom('users')
    .select('id')
    .where('userNameKey', '=', userName.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The sections of the current-state assessment, in its order: the practice areas of a plan. */
export async function currentSectionIds(app: FastifyInstance): Promise<number[]> {
  const rows = await app.deps.db
    .selectFrom('assessmentSections')
    .select('sectionId')
    .where('assessmentId', '=', (await assessmentIds(app)).current)
    .orderBy('sectionId')
    .execute();
  return rows.map((r) => r.sectionId);
}

export type ReminderSettings = { everyDays?: number; max?: number; enabled?: boolean };

/**
 * A manufacturer of a firm collecting the current state, reminders on (every 7 days, 3 at most,
 * unless told), and `person`, which adds an invitee whose invite was sent at `sentAt`.
 */
export async function remindedManufacturer(
  app: FastifyInstance,
  adminToken: string,
  sentAt: string,
  settings: ReminderSettings = {},
) {
  const firm = await buildFirm(app, adminToken);
  const id = await bareManufacturer(app, 'CurrentState', firm.firmId);
  await app.deps.db
    .updateTable('organizations')
    .set({
      remindersEnabled: settings.enabled === false ? 0 : 1,
      reminderEveryDays: settings.everyDays ?? 7,
      maxReminders: settings.max ?? 3,
    })
    .where('id', '=', id)
    .execute();
  const person = async (fullName: string) => {
    const p = await addRespondent(app, id, { fullName, role: 'engineering' });
    await app.deps.db
      .updateTable('assessmentInvites')
      .set({ invitedAt: sentAt })
      .where('respondentId', '=', p.id)
      .execute();
    return p;
  };
  return { id, firm, person };
}
