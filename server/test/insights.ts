import type { FastifyInstance } from 'fastify';
import { LookupType } from '../../domain/codes.js';
import { api } from './helpers.js';
import { lookupIds } from './organizations.js';

// Helpers for the contract audit of docs/product.md#insights's insight features (server/routes/insightsContract.test.ts):
// calls made as an outside client would make them, and fixtures the feature factories lack.

export const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A POST to /api/{url} with a bearer token (none when blank). */
export const postAs = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  api(app, { method: 'POST', url: `/api/${url}`, token: token || undefined, payload });

type Criteria = {
  sections: {
    questions: { value?: unknown; choices: { id: number; selected?: boolean }[] }[];
  }[];
  startDateTime?: string | null;
};

/**
 * Saves a draft with EVERY question answered (the choice at `pick`, capped to the question's choices), as
 * the web app would while the person answers, without submitting it.
 */
export async function saveFullDraft(
  app: FastifyInstance,
  token: string,
  code: 'current-state' | 'future-state',
  pick: number,
) {
  const criteria = (await postAs(app, 'assessment/bycode', token, { query: code })).json() as Criteria;
  criteria.startDateTime = new Date().toISOString();
  for (const section of criteria.sections)
    for (const q of section.questions) {
      const choice = q.choices[Math.min(pick, q.choices.length - 1)]!;
      choice.selected = true;
      q.value = choice.id;
    }
  const res = await postAs(app, 'assessmentdraft/save', token, { code, criteria });
  if (res.statusCode !== 200 || res.json().isSuccess !== true)
    throw new Error(`draft not saved: ${res.body}`);
}

/** The name of a functional role (by code), which is its group's name where the alias is blank. */
export async function roleName(app: FastifyInstance, code: string) {
  const id = await lookupIds(app).byCode(LookupType.FunctionalRole, code);
  return (
    await app.deps.db.selectFrom('lookupItems').select('name').where('id', '=', id).executeTakeFirstOrThrow()
  ).name;
}

/** Moves every invite of a person to `when` (invited and created then). */
export async function ageInvites(app: FastifyInstance, respondentId: number, when: string) {
  await app.deps.db
    .updateTable('assessmentInvites')
    .set({ invitedAt: when, createdAt: when })
    .where('respondentId', '=', respondentId)
    .execute();
}

/** Sets an organization's Anonymize Results flag directly (the form's save body of the tests lacks it). */
export async function setAnonymize(app: FastifyInstance, organizationId: number, on: boolean) {
  await app.deps.db
    .updateTable('organizations')
    .set({ anonymizeResults: on ? 1 : 0 })
    .where('id', '=', organizationId)
    .execute();
}

/** Texts that would name a person: full name, user name and e-mail, lower case. */
export const identifiersOf = (people: { fullName: string; userName: string; email?: string | null }[]) =>
  people.flatMap((p) =>
    [p.fullName, p.userName, p.email ?? `${p.userName}@example.com`].map((s) => s.toLowerCase()),
  );
