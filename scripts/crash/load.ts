import { randomUUID } from 'node:crypto';
import { manufacturerBody } from '../../bench/organizationBody.js';
import { LookupType } from '../../domain/codes.js';

// The clients: each loops over submissions (as its own visitor), organization saves and visitor
// conversions (as the administrator), every request with an Idempotency-Key, and notes what was
// acknowledged. A request whose answer never came is sent again after the restart, with its key.

type Criteria = {
  startDateTime?: string | null;
  sections: { questions: { id: number; value?: unknown; choices: { id: number; selected: boolean }[] }[] }[];
};

type Base = { key: string; path: string; body: object; token: string; acked: boolean; attempts: number };
export type SubmitOp = Base & {
  kind: 'submit';
  visitorId: number;
  expected: [number, number][];
  resultId?: number;
};
export type OrganizationOp = Base & {
  kind: 'organization';
  name: string;
  userNames: string[];
  invites: number;
  organizationId?: number;
};
export type ConvertOp = Base & { kind: 'convert'; visitorId: number; targetId: number; resultIds: number[] };
export type Op = SubmitOp | OrganizationOp | ConvertOp;

export type Outcome = 'acked' | 'unanswered' | 'refused';

export type World = {
  adminToken: string;
  submitters: { id: number; token: string }[];
  criteria: Criteria;
  lookups: Parameters<typeof manufacturerBody>[0];
  assessments: { current: number; future: number };
  /** Manufacturers that converted visitors join. */
  targets: number[];
  /** Visitors still to convert, each with their trial results. */
  convertibles: { id: number; resultIds: number[] }[];
};

let serial = 0;

/** The trial answered with a choice per question that varies by request (always all questions). */
function submitOp(world: World, client: number): SubmitOp {
  const n = serial++;
  const submitter = world.submitters[client % world.submitters.length] as World['submitters'][number];
  const criteria = structuredClone(world.criteria);
  const expected: [number, number][] = [];
  criteria.sections.forEach((section, s) => {
    section.questions.forEach((q, i) => {
      const choice = q.choices[(n + s + i) % q.choices.length] as { id: number; selected: boolean };
      for (const c of q.choices) c.selected = c === choice;
      q.value = choice.id;
      expected.push([q.id, choice.id]);
    });
  });
  // Half carry a start time (the server's own de-duplication applies), half none: only the key.
  criteria.startDateTime = n % 2 ? new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString() : null;
  return {
    kind: 'submit',
    key: randomUUID(),
    path: 'assessmentresult/add',
    body: { assessmentResult: criteria },
    token: submitter.token,
    visitorId: submitter.id,
    expected,
    acked: false,
    attempts: 0,
  };
}

function organizationOp(world: World, round: number): OrganizationOp {
  const n = serial++;
  const body = manufacturerBody(world.lookups, world.assessments, n, 3);
  const name = `Crash Manufacturer ${round}-${n}`;
  body.organization.name = name;
  return {
    kind: 'organization',
    key: randomUUID(),
    path: 'admin/organization/add',
    body,
    token: world.adminToken,
    name,
    userNames: body.users.map((u) => u.userName),
    invites: body.assessmentInvites.length,
    acked: false,
    attempts: 0,
  };
}

function convertOp(world: World): ConvertOp | undefined {
  const visitor = world.convertibles.shift();
  if (!visitor) return undefined;
  const targetId = world.targets[visitor.id % world.targets.length] as number;
  const role = world.lookups.find((l) => l.lookupType.enumValue === LookupType.FunctionalRole)?.id;
  return {
    kind: 'convert',
    key: randomUUID(),
    path: 'admin/user/visitor/convert',
    body: {
      id: visitor.id,
      organization: { id: targetId },
      functionalRole: role ? { id: role } : null,
      email: null,
      referredBy: null,
      referredByOther: null,
      consultingFirm: null,
      host: null,
    },
    token: world.adminToken,
    visitorId: visitor.id,
    targetId,
    resultIds: visitor.resultIds,
    acked: false,
    attempts: 0,
  };
}

/** Sends one request with its key; notes the ids of an acknowledged answer. */
export async function send(
  base: string,
  op: Op,
): Promise<{ outcome: Outcome; replayed: boolean; detail?: string }> {
  op.attempts++;
  let response: Response;
  try {
    response = await fetch(`${base}/api/${op.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${op.token}`,
        'idempotency-key': op.key,
      },
      body: JSON.stringify(op.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { outcome: 'unanswered', replayed: false };
  }
  let answer: { isSuccess?: boolean; message?: string; data?: { id?: number; organizationId?: number } };
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    // The connection broke while the answer was on its way: not acknowledged.
    return { outcome: 'unanswered', replayed: false };
  }
  if (response.status >= 500) return { outcome: 'unanswered', replayed: false };
  if (response.status !== 200 || !answer.isSuccess)
    return { outcome: 'refused', replayed: false, detail: `${response.status} ${answer.message}` };
  op.acked = true;
  if (op.kind === 'submit') op.resultId = answer.data?.id;
  if (op.kind === 'organization') op.organizationId = answer.data?.id;
  if (op.kind === 'convert' && answer.data?.organizationId !== op.targetId)
    return { outcome: 'refused', replayed: false, detail: `converted into ${answer.data?.organizationId}` };
  return { outcome: 'acked', replayed: response.headers.get('idempotent-replayed') === 'true' };
}

export type LoadFigures = { sent: number; acked: number; unanswered: Op[]; refused: string[] };

/**
 * Runs `clients` loops against the server until `stop()` says so: about 70 % submissions, 20 %
 * organization saves, 10 % conversions. Every op made is pushed to `journal`.
 */
export async function runClients(
  base: string,
  world: World,
  round: number,
  clients: number,
  stopped: () => boolean,
  journal: Op[],
): Promise<LoadFigures> {
  const figures: LoadFigures = { sent: 0, acked: 0, unanswered: [], refused: [] };
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let k = client;
      while (!stopped()) {
        const pick = k++ % 10;
        const op =
          pick === 9
            ? (convertOp(world) ?? submitOp(world, client))
            : pick >= 7
              ? organizationOp(world, round)
              : submitOp(world, client);
        journal.push(op);
        figures.sent++;
        const { outcome, detail } = await send(base, op);
        if (outcome === 'acked') figures.acked++;
        else if (outcome === 'unanswered') figures.unanswered.push(op);
        else figures.refused.push(`${op.path}: ${detail}`);
      }
    }),
  );
  return figures;
}

/** After the restart: every unanswered request again, with its key, until it is answered. */
export async function resend(
  base: string,
  ops: Op[],
): Promise<{ replayed: number; executed: number; refused: string[] }> {
  const figures = { replayed: 0, executed: 0, refused: [] as string[] };
  const queue = [...ops];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let op = queue.shift(); op; op = queue.shift()) {
        for (let attempt = 0; ; attempt++) {
          const { outcome, replayed, detail } = await send(base, op);
          if (outcome === 'acked') {
            if (replayed) figures.replayed++;
            else figures.executed++;
            break;
          }
          if (outcome === 'refused' || attempt >= 5) {
            figures.refused.push(`${op.path} (resent): ${detail ?? 'no answer'}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
  return figures;
}
