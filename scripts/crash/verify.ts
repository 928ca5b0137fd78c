import type { Kysely } from 'kysely';
import { UserGroup } from '../../domain/codes.js';
import type { DB } from '../../server/db/schema.js';
import type { Seeded } from './database.js';
import type { ConvertOp, Op, OrganizationOp, SubmitOp } from './load.js';

// What must hold after every restart. Acknowledged requests: every row they wrote is there, whole
// (rows checked; any missing or changed is lost). Everything the run wrote, acknowledged or not: no
// result with fewer answers than were sent, no organization without its users, invites, demographics
// or roadmap, no half-done conversion (half-written), and nothing done twice (duplicates).

export type Findings = {
  checked: number;
  lost: number;
  duplicates: number;
  halfWritten: number;
  /** Reminders sent so far, each checked for its one e-mail and audit entry. */
  reminders: number;
  notes: string[];
};

const byKey = <T, K>(rows: T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

async function submissions(db: Kysely<DB>, ops: SubmitOp[], seeded: Seeded, questions: number, f: Findings) {
  const ids = seeded.submitters.map((s) => s.id);
  const results = await db
    .selectFrom('assessmentResults')
    .select(['id', 'respondentId'])
    .where('respondentId', 'in', ids)
    .execute();
  const answers = byKey(
    await db
      .selectFrom('answers')
      .innerJoin('assessmentResults as r', 'r.id', 'answers.assessmentResultId')
      .select(['answers.assessmentResultId as resultId', 'answers.questionId', 'answers.choiceId'])
      .where('r.respondentId', 'in', ids)
      .execute(),
    (a) => a.resultId,
  );
  const found = new Map(results.map((r) => [r.id, r]));
  const claimed = new Set<number>();
  for (const op of ops.filter((o) => o.acked)) {
    const result = op.resultId === undefined ? undefined : found.get(op.resultId);
    const rows = (op.resultId !== undefined && answers.get(op.resultId)) || [];
    const same =
      JSON.stringify(rows.map((a) => [a.questionId, a.choiceId]).sort()) ===
      JSON.stringify([...op.expected].sort());
    if (!result || result.respondentId !== op.visitorId || !same || claimed.has(result.id)) {
      f.lost++;
      f.notes.push(`submission ${op.key}: result ${op.resultId} ${result ? 'changed' : 'missing'}`);
    } else f.checked += 1 + rows.length;
    if (op.resultId !== undefined) claimed.add(op.resultId);
  }
  for (const r of results) {
    if ((answers.get(r.id)?.length ?? 0) !== questions) {
      f.halfWritten++;
      f.notes.push(`result ${r.id} has ${answers.get(r.id)?.length ?? 0} of ${questions} answers`);
    }
    if (!claimed.has(r.id)) {
      f.duplicates++;
      f.notes.push(`result ${r.id} of visitor ${r.respondentId} answers no acknowledged request`);
    }
  }
}

async function organizations(db: Kysely<DB>, ops: OrganizationOp[], f: Findings) {
  const orgs = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('name', 'like', 'Crash Manufacturer %')
    .execute();
  if (orgs.length === 0 && ops.every((o) => !o.acked)) return;
  const orgIds = orgs.map((o) => o.id);
  const ofOrgs = <T extends { organizationId: number | null }>(rows: T[]) =>
    byKey(rows, (r) => r.organizationId);
  const none = orgIds.length ? orgIds : [-1];
  const users = ofOrgs(
    await db
      .selectFrom('users')
      .select(['organizationId', 'userName'])
      .where('organizationId', 'in', none)
      .execute(),
  );
  const invites = ofOrgs(
    await db
      .selectFrom('assessmentInvites')
      .select(['organizationId'])
      .where('organizationId', 'in', none)
      .execute(),
  );
  const demographics = ofOrgs(
    await db
      .selectFrom('demographics')
      .select(['organizationId'])
      .where('organizationId', 'in', none)
      .execute(),
  );
  const roadmaps = ofOrgs(
    await db.selectFrom('roadmaps').select(['organizationId']).where('organizationId', 'in', none).execute(),
  );
  const whole = (id: number, userCount: number, inviteCount: number) =>
    users.get(id)?.length === userCount &&
    invites.get(id)?.length === inviteCount &&
    demographics.get(id)?.length === 1 &&
    roadmaps.get(id)?.length === 1;

  const found = new Map(orgs.map((o) => [o.id, o]));
  const claimed = new Set<number>();
  for (const op of ops.filter((o) => o.acked)) {
    const id = op.organizationId ?? -1;
    const names = (users.get(id) ?? []).map((u) => u.userName).sort();
    if (
      found.get(id)?.name !== op.name ||
      !whole(id, op.userNames.length, op.invites) ||
      names.join() !== [...op.userNames].sort().join()
    ) {
      f.lost++;
      f.notes.push(`organization ${op.name} (${op.organizationId}) missing or incomplete`);
    } else f.checked += 1 + op.userNames.length + op.invites + 2;
    claimed.add(id);
  }
  for (const org of orgs) {
    if (!whole(org.id, 3, 6)) {
      f.halfWritten++;
      f.notes.push(`organization ${org.id} ${org.name} is incomplete`);
    }
    if (!claimed.has(org.id)) {
      f.duplicates++;
      f.notes.push(`organization ${org.id} ${org.name} answers no acknowledged request`);
    }
  }
}

async function conversions(db: Kysely<DB>, ops: ConvertOp[], seeded: Seeded, f: Findings) {
  const ids = seeded.convertibles.map((c) => c.id);
  if (ids.length === 0) return;
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'userGroup', 'organizationId'])
        .where('id', 'in', ids)
        .execute()
    ).map((u) => [u.id, u]),
  );
  const results = byKey(
    await db
      .selectFrom('assessmentResults')
      .select(['id', 'respondentId', 'assessmentId', 'organizationId', 'assessmentInviteId'])
      .where('respondentId', 'in', ids)
      .execute(),
    (r) => r.respondentId,
  );
  const invites = byKey(
    await db
      .selectFrom('assessmentInvites')
      .select(['id', 'respondentId', 'organizationId', 'assessmentId'])
      .where('respondentId', 'in', ids)
      .execute(),
    (i) => i.respondentId,
  );
  const audits = byKey(
    await db
      .selectFrom('auditLog')
      .select(['entityId'])
      .where('action', '=', 'convert')
      .where('entity', '=', 'user')
      .where('entityId', 'in', ids)
      .execute(),
    (a) => a.entityId,
  );
  const acked = new Map(ops.filter((o) => o.acked).map((o) => [o.visitorId, o]));
  for (const visitor of seeded.convertibles) {
    const user = users.get(visitor.id);
    const mine = results.get(visitor.id) ?? [];
    const invited = invites.get(visitor.id) ?? [];
    const converted = user?.userGroup === UserGroup.Manufacturer;
    const auditCount = audits.get(visitor.id)?.length ?? 0;
    const sameResults =
      JSON.stringify(mine.map((r) => r.id).sort()) === JSON.stringify([...visitor.resultIds].sort());
    const consistent = converted
      ? mine.every(
          (r) => r.assessmentId === seeded.currentStateId && r.organizationId === user?.organizationId,
        ) &&
        invited.length === 1 &&
        mine.some((r) => r.assessmentInviteId === invited[0]?.id) &&
        auditCount >= 1
      : user?.userGroup === UserGroup.Visitor &&
        mine.every((r) => r.assessmentId === seeded.trialId) &&
        invited.length === 0 &&
        auditCount === 0;
    if (!consistent || !sameResults) {
      f.halfWritten++;
      f.notes.push(`visitor ${visitor.id}: conversion half done`);
    }
    if (auditCount > 1) {
      f.duplicates++;
      f.notes.push(`visitor ${visitor.id} converted ${auditCount} times`);
    }
    const op = acked.get(visitor.id);
    if (!op) continue;
    if (!converted || user?.organizationId !== op.targetId || !sameResults) {
      f.lost++;
      f.notes.push(`conversion of visitor ${visitor.id} lost`);
    } else f.checked += 1 + mine.length + invited.length + 1;
  }
}

/**
 * Reminders (docs/decisions.md#insights-reminders), sent by the server's own passes while it is
 * killed: each invite's claims are its ordinals after the reminders it had before the run, up to its
 * count, and each claim has exactly one e-mail and one audit entry. A claim without its mail is
 * lost; a second mail is a duplicate.
 */
async function reminders(reader: Kysely<DB>, seeded: Seeded, f: Findings) {
  const inviteIds = seeded.reminded.map((r) => r.inviteId);
  // One snapshot: the restarted server's passes go on sending while this reads, and a reminder
  // committed between two of the reads would look like a claim without its mail.
  const { claims, counts, audits, mails } = await reader
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (db) => {
      const claims = byKey(
        await db
          .selectFrom('reminderSends')
          .select(['objectId', 'ordinal'])
          .where('kind', '=', 'invite')
          .where('objectId', 'in', inviteIds)
          .execute(),
        (c) => c.objectId,
      );
      const counts = new Map(
        (
          await db
            .selectFrom('assessmentInvites')
            .select(['id', 'remindersSent'])
            .where('id', 'in', inviteIds)
            .execute()
        ).map((r) => [r.id, Number(r.remindersSent)]),
      );
      const audits = byKey(
        await db
          .selectFrom('auditLog')
          .select('entityId')
          .where('action', '=', 'reminder-sent')
          .where('entity', '=', 'assessment-invite')
          .where('entityId', 'in', inviteIds)
          .execute(),
        (a) => a.entityId,
      );
      const mails = new Map<string, number>();
      for (const row of await db
        .selectFrom('mailQueue')
        .select('recipients')
        .where('subject', 'like', 'Reminder:%')
        .execute())
        for (const to of JSON.parse(row.recipients) as string[]) mails.set(to, (mails.get(to) ?? 0) + 1);
      return { claims, counts, audits, mails };
    });
  for (const invite of seeded.reminded) {
    const ordinals = (claims.get(invite.inviteId) ?? []).map((c) => Number(c.ordinal)).sort((a, b) => a - b);
    const n = counts.get(invite.inviteId) ?? 0;
    if (ordinals.length !== n - invite.prior || ordinals.some((o, i) => o !== invite.prior + i + 1)) {
      f.halfWritten++;
      f.notes.push(`invite ${invite.inviteId}: count ${n}, reminders claimed ${ordinals.join(',')}`);
    }
    if ((audits.get(invite.inviteId)?.length ?? 0) !== ordinals.length) {
      f.halfWritten++;
      f.notes.push(
        `invite ${invite.inviteId}: ${ordinals.length} reminders, ${audits.get(invite.inviteId)?.length ?? 0} audited`,
      );
    }
    const mailed = mails.get(invite.email) ?? 0;
    if (mailed < ordinals.length) {
      f.lost += ordinals.length - mailed;
      f.notes.push(`invite ${invite.inviteId}: ${ordinals.length} reminders, ${mailed} e-mails`);
    } else if (mailed > ordinals.length) {
      f.duplicates += mailed - ordinals.length;
      f.notes.push(`invite ${invite.inviteId}: ${ordinals.length} reminders, ${mailed} e-mails`);
    }
    f.checked += ordinals.length;
    f.reminders += ordinals.length;
  }
}

export async function verify(
  db: Kysely<DB>,
  journal: Op[],
  seeded: Seeded,
  questions: number,
): Promise<Findings> {
  const f: Findings = { checked: 0, lost: 0, duplicates: 0, halfWritten: 0, reminders: 0, notes: [] };
  await submissions(
    db,
    journal.filter((o): o is SubmitOp => o.kind === 'submit'),
    seeded,
    questions,
    f,
  );
  await organizations(
    db,
    journal.filter((o): o is OrganizationOp => o.kind === 'organization'),
    f,
  );
  await conversions(
    db,
    journal.filter((o): o is ConvertOp => o.kind === 'convert'),
    seeded,
    f,
  );
  await reminders(db, seeded, f);
  return f;
}
