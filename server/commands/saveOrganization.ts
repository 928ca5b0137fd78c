import { OrganizationType, type RoadmapStatusCode } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import {
  canChangeInviteExclusion,
  canCreateOrganization,
  canEditAdminFields,
  canReachOrganization,
} from '../../domain/policies/organizations.js';
import { consultantFirmOf } from '../../domain/rules/consultantReach.js';
import { invitesEditable, invitesLockedMessage, isNewRow } from '../../domain/rules/organizations.js';
import { closesRound } from '../../domain/rules/progress.js';
import { REMINDER_LIMITS } from '../../domain/rules/reminders.js';
import {
  hasRequiredDemographics,
  type OrganizationSave,
  organizationProblems,
  organizationUserProblems,
} from '../../domain/schemas/organizationForm.js';
import type { Actor } from '../auth/guard.js';
import type { NameProbeLimit } from '../auth/nameProbes.js';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/envelope.js';
import type { KeepAnswer } from '../http/idempotency.js';
import { assessmentInvitesRepository, type NewInvite } from '../repositories/assessmentInvites.js';
import { demographicsRepository } from '../repositories/demographics.js';
import { insertManufacturer } from '../repositories/newManufacturer.js';
import { organizationDetails, roadmapAssessmentsOf } from '../repositories/organizationDetails.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { progressRoundsRepository } from '../repositories/progressRounds.js';
import { usersRepository } from '../repositories/users.js';
import { audited } from './audited.js';
import type { AppliedEmailChange } from './emailChange.js';
import { checkOrganizationRefs } from './organizationRefs.js';
import { applyOrganizationUsers } from './organizationUsers.js';
import { SaveRefused, UserNameTaken } from './saveRefused.js';

export type SaveOutcome =
  | { ok: true; id: number; inviteIdsToSend: number[]; emailChanges: AppliedEmailChange[] }
  | { ok: false; message: string };

/**
 * POST admin/organization/add and update (docs/product.md#rules-organization-save): the organization,
 * its demographics, roadmap and aliases, its users and its assessment invites, written in one
 * transaction or not at all. Invites to e-mail are returned, to be sent after the commit.
 */
export async function saveOrganization(
  db: Db,
  actor: Actor,
  save: OrganizationSave,
  mode: 'add' | 'update',
  /** Keeps the answer with the save, in its transaction (an Idempotency-Key's). */
  keep?: KeepAnswer<{ id: number }>,
  /** Bounds a non-admin's 'user name taken' answers, as the user form does (docs/decisions.md#users-name-probes). */
  takenNames?: NameProbeLimit,
): Promise<SaveOutcome> {
  const problems = organizationProblems(save);
  if (problems.length > 0) throw badRequest(problems.join(' '));
  const input = save.organization;
  const requestedType = input.type?.enumValue as number;

  const existing = mode === 'update' ? await organizationDetails.findById(db, input.id ?? 0) : undefined;
  if (mode === 'update') {
    if (!existing) throw notFound(messages.admin.itemNotFound);
    if (!canReachOrganization(actor, existing)) throw forbidden(messages.organization.notReachable);
    if (existing.isActive !== 1)
      return { ok: false, message: 'This organization is inactive and cannot be changed.' };
  } else if (!canCreateOrganization(actor, requestedType)) {
    throw forbidden(messages.organization.notReachable);
  }

  // Fields only the institute sets keep their saved values (or their defaults) for everyone else.
  const admin = canEditAdminFields(actor);
  const type = admin || !existing ? requestedType : existing.type;
  const manufacturer = type === OrganizationType.Manufacturer;
  const statusId = manufacturer
    ? admin
      ? (input.roadmap?.status?.id ?? null)
      : (existing?.roadmapStatusId ?? (await organizationsRepository.firstRoadmapStatus(db))?.id ?? null)
    : null;
  const firmId = manufacturer
    ? admin
      ? (input.consultingFirm?.id ?? null)
      : (existing?.consultingFirmId ?? consultantFirmOf(actor))
    : null;
  const referredById = admin ? (input.referredBy?.id ?? null) : (existing?.referredById ?? null);
  const values = {
    name: input.name,
    type,
    businessTypeId: input.businessType?.id ?? null,
    stateId: input.state?.id ?? null,
    consultingFirmId: firmId,
    referredById,
    referredByOther: admin
      ? referredById
        ? null
        : input.referredByOther
      : (existing?.referredByOther ?? null),
    excludeFromBenchmark: admin
      ? Number(!!input.excludeFromBenchmark)
      : (existing?.excludeFromBenchmark ?? 0),
    anonymizeResults: admin ? Number(!!input.anonymizeResults) : (existing?.anonymizeResults ?? 0),
    // Whoever saves the organization sets its reminders (docs/decisions.md#insights-reminders); a body
    // without them keeps what is saved.
    remindersEnabled:
      input.remindersEnabled == null ? (existing?.remindersEnabled ?? 0) : Number(input.remindersEnabled),
    reminderEveryDays:
      input.reminderEveryDays ?? existing?.reminderEveryDays ?? REMINDER_LIMITS.everyDays.default,
    maxReminders: input.maxReminders ?? existing?.maxReminders ?? REMINDER_LIMITS.maxReminders.default,
  };
  const { statusCode } = await checkOrganizationRefs(db, save, {
    type,
    statusId,
    firmId,
    referredById,
    existing,
  });

  // Who may add or change which person is decided per row (domain/policies/userFields.ts).
  for (const user of save.users.filter((u) => u.isActive)) {
    if (Object.keys(organizationUserProblems(user, type)).length > 0)
      throw badRequest(messages.organization.userDataMissing);
  }
  const status = statusCode as RoadmapStatusCode | null;
  const addsPeople = save.users.some((row) => isNewRow(row.id) && row.isActive);
  if (addsPeople && (await takenNames?.isBlocked()))
    throw new HttpError(429, messages.users.userNameChecksExhausted);

  try {
    return await audited(db, async (trx, audit) => {
      const now = nowIso();
      // Read once for the roadmap and the invites: each read is a round trip in the transaction.
      const activeAssessments = await organizationDetails.activeRoadmapAssessments(trx);
      let id: number;
      let roadmap: { previousStatus: string | null } | null = null;
      if (existing) {
        id = existing.id;
        await organizationsRepository.update(trx, id, { ...values, updatedAt: now, updatedBy: actor.userId });
        if (manufacturer)
          roadmap = await saveManufacturerParts(trx, id, save, statusId, now, activeAssessments);
      } else if (manufacturer) {
        // Made whole in as few statements as it takes: nothing of it exists yet to read or replace.
        const assessments = roadmapAssessmentsOf(activeAssessments);
        const d = save.organization.demographic;
        id = await insertManufacturer(
          trx,
          { ...values, actorId: actor.userId },
          {
            roadmap: {
              statusId,
              currentStateAssessmentId: assessments.current?.id ?? null,
              futureStateAssessmentId: assessments.future?.id ?? null,
            },
            ...(hasRequiredDemographics(d) ? { demographic: d } : {}),
            aliases: aliasesOf(save),
          },
        );
        // A roadmap made by this save has no status before it: its status starts now.
        roadmap = { previousStatus: null };
      } else {
        id = await organizationsRepository.insert(trx, { ...values, actorId: actor.userId });
      }

      const emailChanges: AppliedEmailChange[] = [];
      const userIds = await applyOrganizationUsers(trx, actor, {
        organization: { id, type, consultingFirmId: firmId },
        rows: save.users,
        emailChanges,
      });
      const mayExclude = canChangeInviteExclusion(actor, values.anonymizeResults === 1);
      const inviteIdsToSend = await applyInvites(trx, actor, id, save, {
        userIds,
        status,
        mayExclude,
        isNew: !existing,
        assessments: activeAssessments,
      });
      // After the invites, so a round counts the Exclude From Report flags this same save sets.
      if (roadmap && closesRound(roadmap.previousStatus, status))
        await progressRoundsRepository.close(trx, id, actor.userId);
      await audit({
        actor: actor.userId,
        action: existing ? 'update' : 'add',
        entity: 'organization',
        entityId: id,
      });
      await keep?.(trx, { id });
      return { ok: true as const, id, inviteIdsToSend, emailChanges };
    });
  } catch (error) {
    // Counted after the rollback: a count written inside the transaction would roll back with it.
    if (error instanceof UserNameTaken) await takenNames?.record();
    if (error instanceof SaveRefused) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Demographics, the roadmap's status and assessments, and the functional-role aliases of a saved
 * manufacturer. Answers the roadmap status before this save, read in the transaction.
 */
async function saveManufacturerParts(
  trx: Executor,
  id: number,
  save: OrganizationSave,
  statusId: number | null,
  now: string,
  activeAssessments: ActiveAssessment[],
): Promise<{ previousStatus: string | null }> {
  const d = save.organization.demographic;
  if (hasRequiredDemographics(d)) await demographicsRepository.save(trx, id, d);
  const assessments = roadmapAssessmentsOf(activeAssessments);
  const roadmap = {
    statusId,
    currentStateAssessmentId: assessments.current?.id ?? null,
    futureStateAssessmentId: assessments.future?.id ?? null,
    updatedAt: now,
  };
  const previous = await organizationsRepository.roadmapOf(trx, id);
  const changed = !previous || previous.statusId !== statusId;
  const timed = changed ? { ...roadmap, statusChangedAt: now } : roadmap;
  if (previous) await organizationsRepository.updateRoadmap(trx, previous.id, timed);
  else await organizationsRepository.insertRoadmap(trx, { ...timed, organizationId: id, createdAt: now });

  await organizationsRepository.replaceAliases(trx, id, aliasesOf(save));
  return { previousStatus: previous?.code ?? null };
}

const aliasesOf = (save: OrganizationSave) =>
  save.organization.functionalRoleAliases
    .filter((a) => a.alias)
    .map((a) => ({ functionalRoleId: a.id, alias: a.alias }));

/**
 * Applies the invite rows: new ones (their respondent may be a user added in the same save), changed
 * Exclude From Report flags and deletions, each within the roadmap-status gate of its assessment.
 * Returns the invites to e-mail once committed.
 */
async function applyInvites(
  trx: Executor,
  actor: Actor,
  organizationId: number,
  save: OrganizationSave,
  options: {
    userIds: Map<number, number>;
    status: RoadmapStatusCode | null;
    /** Whether the actor may change a saved invite's Exclude From Report (policies/organizations.ts). */
    mayExclude: boolean;
    /** The organization was made by this save: it has no invites yet, and no people but its new ones. */
    isNew: boolean;
    /** The active current- and future-state assessments, read in this transaction. */
    assessments: ActiveAssessment[];
  },
): Promise<number[]> {
  const { userIds, status, mayExclude, isNew, assessments } = options;
  const saved: SavedInvite[] = isNew
    ? []
    : await assessmentInvitesRepository.allOfOrganization(trx, organizationId);
  const newUserIds = new Set(userIds.values());
  // A new organization's active people are the ones this save added (a saved person of another
  // organization is refused by applyOrganizationUsers), so there is nothing to read.
  const members = isNew
    ? newUserIds
    : new Set((await usersRepository.activeIdsOf(trx, organizationId)).map((u) => u.id));
  // In the order of the rows; a new invite's id is known once its run of new rows is inserted.
  const toSend: { id: number }[] = [];
  const now = nowIso();

  // New rows in a run are inserted together (one statement, not one each) before the next saved row
  // is changed, so their ids come in the order of the rows as before.
  const adding: { invite: NewInvite; saved: SavedInvite }[] = [];
  const addPending = async () => {
    if (adding.length === 0) return;
    const ids = await assessmentInvitesRepository.insertMany(
      trx,
      adding.map((a) => a.invite),
    );
    for (const [i, { saved: entry }] of adding.entries()) entry.id = ids[i] as number;
    adding.length = 0;
  };

  for (const row of save.assessmentInvites) {
    const assessment = assessments.find((a) => a.id === row.assessment.id);
    if (!assessment) throw badRequest('assessment: not a current- or future-state assessment.');
    const gate = () => {
      if (!invitesEditable(assessment.assessmentType, status))
        throw new SaveRefused(invitesLockedMessage(assessment.assessmentType));
    };
    if (isNewRow(row.id)) {
      if (!row.isActive) continue; // added and deleted before saving
      const respondentId = isNewRow(row.respondent.id) ? userIds.get(row.respondent.id) : row.respondent.id;
      if (respondentId === undefined || !members.has(respondentId))
        throw forbidden(messages.organization.userNotOfOrganization);
      // A new user's two invites come with the user (docs/product.md#rules); other new invites are edits.
      if (!newUserIds.has(respondentId)) gate();
      const open = saved.some(
        (s) => s.respondentId === respondentId && s.assessmentId === assessment.id && s.isActive === 1,
      );
      if (open) throw new SaveRefused(messages.organization.duplicateInvite);
      const entry: SavedInvite = {
        id: 0, // set once inserted (addPending), before any saved row is looked up by id
        respondentId,
        assessmentId: assessment.id,
        excludeFromReport: Number(row.excludeFromReport),
        isActive: 1,
        invitedAt: null,
        resultId: null,
      };
      adding.push({
        invite: {
          respondentId,
          assessmentId: assessment.id,
          organizationId,
          consultingFirmId: null,
          excludeFromReport: Number(row.excludeFromReport),
          actorId: actor.userId,
        },
        saved: entry,
      });
      saved.push(entry);
      if (row.sendInvite) toSend.push(entry);
      continue;
    }
    await addPending();
    const current = saved.find((s) => s.id === row.id);
    if (!current || current.assessmentId !== assessment.id)
      throw forbidden(messages.organization.inviteNotOfOrganization);
    if (current.isActive !== 1) continue; // already deleted: nothing more to change
    if (!row.isActive) {
      gate();
      if (current.resultId != null) throw new SaveRefused(messages.organization.inviteHasResult);
      await assessmentInvitesRepository.update(trx, row.id, {
        isActive: 0,
        updatedAt: now,
        updatedBy: actor.userId,
      });
      current.isActive = 0;
      continue;
    }
    if (Number(row.excludeFromReport) !== current.excludeFromReport) {
      // Thrown in the transaction: the whole save rolls back.
      if (!mayExclude) throw forbidden(messages.organization.inviteExclusionAdminOnly);
      gate();
      await assessmentInvitesRepository.update(trx, row.id, {
        excludeFromReport: Number(row.excludeFromReport),
        updatedAt: now,
        updatedBy: actor.userId,
      });
    }
    if (row.sendInvite && current.resultId == null) toSend.push({ id: row.id });
  }
  await addPending();
  return toSend.map((invite) => invite.id);
}

/** An active current- or future-state assessment (organizationDetails.activeRoadmapAssessments). */
type ActiveAssessment = Awaited<ReturnType<typeof organizationDetails.activeRoadmapAssessments>>[number];

/** A row of allOfOrganization, or one this save adds. */
type SavedInvite = Awaited<ReturnType<typeof assessmentInvitesRepository.allOfOrganization>>[number];
