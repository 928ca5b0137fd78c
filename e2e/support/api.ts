import { LookupType, OrganizationType, UserGroup } from '../../domain/codes.js';

// Setting up a journey's data through the API, as an admin or a respondent would through the screens.
// One copy for every journey that runs a server of its own (reports, shared links, peers, role
// alignment and progress each used to carry the same call, login, submit and manufacturer's save
// body): a change to the sign-in, submit or save contract is then made once, and every journey sets
// up its data the same way.

/** A lookup item as admin/lookup/getall answers it. */
export type Lookup = {
  id: number;
  lookupType: { enumValue: number };
  code: string | null;
  organizationType: number | null;
};

/** The criteria assessment/bycode answers, as far as answering them goes. */
export type Criteria = {
  sections: { questions: { value: unknown; choices: { id: number; selected: boolean }[] }[] }[];
};

/** The id of the first lookup of a type (of an organization type, if given), or of the one with a code. */
export function lookupIds(lookups: Lookup[]) {
  return {
    first: (type: number, organizationType?: number) =>
      lookups.find(
        (l) =>
          l.lookupType.enumValue === type &&
          (organizationType === undefined || l.organizationType === organizationType),
      )!.id,
    byCode: (type: number, code: string) =>
      lookups.find((l) => l.lookupType.enumValue === type && l.code === code)!.id,
  };
}

/** What a new manufacturer's save needs of a person: names, and a functional-role code if not the first. */
export type NewPerson = { fullName: string; userName: string; role?: string };

/**
 * The organization of a manufacturer's save (admin/organization/add, or update with its id): complete
 * demographics (the first of each lookup, Ohio, North America), at the given roadmap status, with
 * aliases for functional roles (by code) if given.
 */
export function manufacturerOf(
  lookups: Lookup[],
  o: {
    id?: number | null;
    name: string;
    status: string;
    aliases?: readonly { role: string; alias: string }[];
  },
) {
  const { first, byCode } = lookupIds(lookups);
  return {
    id: o.id ?? null,
    name: o.name,
    type: { enumValue: OrganizationType.Manufacturer },
    businessType: { id: first(LookupType.BusinessType, OrganizationType.Manufacturer) },
    state: { id: byCode(LookupType.State, 'oh') },
    roadmap: { status: { id: byCode(LookupType.RoadmapStatus, o.status) } },
    demographic: {
      companyMaturity: { id: first(LookupType.CompanyMaturity) },
      numberOfEmployees: { id: first(LookupType.NumberOfEmployees) },
      numberOfFacilities: { id: first(LookupType.NumberOfFacilities) },
      hqRegion: { id: byCode(LookupType.HqRegion, 'north-america') },
      industries: [{ id: first(LookupType.Industry) }],
      supplyChainRoles: [],
      otherIndustry: null,
    },
    functionalRoleAliases: (o.aliases ?? []).map((a) => ({
      id: byCode(LookupType.FunctionalRole, a.role),
      alias: a.alias,
    })),
  };
}

/** The people as new users of the save: ids -1, -2, … in order, the first a manufacturer champion, the others manufacturer users. */
export function newUsersOf(lookups: Lookup[], people: readonly NewPerson[]) {
  const { first, byCode } = lookupIds(lookups);
  return people.map((p, i) => ({
    id: -(i + 1),
    fullName: p.fullName,
    userName: p.userName,
    email: `${p.userName}@example.com`,
    functionalRole: {
      id: p.role === undefined ? first(LookupType.FunctionalRole) : byCode(LookupType.FunctionalRole, p.role),
    },
    group: { enumValue: i === 0 ? UserGroup.ManufacturerChampion : UserGroup.Manufacturer },
    displayOrder: i + 1,
    isActive: true,
  }));
}

/** An invite for each user to each assessment, with ids -1, -2, … (a user's invites side by side). */
export function invitesOf(users: readonly { id: number }[], assessmentIds: readonly number[]) {
  return users.flatMap((u, i) =>
    assessmentIds.map((assessmentId, j) => ({
      id: -(assessmentIds.length * i + j + 1),
      respondent: { id: u.id },
      assessment: { id: assessmentId },
      isActive: true,
    })),
  );
}

/**
 * The API of the server at baseUrl: call (GET without a body, POST with one), login and submit.
 * baseUrl may be a function, for a server that starts in beforeAll after the helpers are made.
 */
export function apiOf(server: string | (() => string)) {
  const base = () => (typeof server === 'string' ? server : server());
  /** Calls /api/<path>; anything but a 2xx status throws with the status and the answer's text. */
  async function call<T>(path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${base()}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Signs in and answers the token; a refused sign-in throws. */
  async function login(userName: string, password: string): Promise<string> {
    const answer = await call<{ isSuccess: boolean; message: string; data: { token: string } }>(
      'auth/login',
      null,
      { userName, password },
    );
    if (!answer.isSuccess) throw new Error(`${userName} did not sign in: ${answer.message}`);
    return answer.data.token;
  }

  /**
   * Answers every question of an assessment with its nth choice (the first where there is no nth;
   * nth may differ per section: nth(section index)) and submits it, as the token's person.
   */
  async function submit(
    token: string,
    code: string,
    nth: number | ((section: number) => number),
  ): Promise<void> {
    const criteria = await call<Criteria>('assessment/bycode', token, { query: code });
    criteria.sections.forEach((section, i) => {
      const n = typeof nth === 'number' ? nth : nth(i);
      for (const question of section.questions) {
        const choice = question.choices[n] ?? question.choices[0];
        if (!choice) continue;
        choice.selected = true;
        question.value = choice.id;
      }
    });
    const answer = await call<{ isSuccess: boolean; message: string }>('assessmentresult/add', token, {
      assessmentResult: criteria,
      host: base(),
    });
    if (!answer.isSuccess) throw new Error(`${code} not submitted: ${answer.message}`);
  }

  /** The id of the assessment with this code (current-state, future-state, trial). */
  async function assessmentId(token: string, code: string): Promise<number> {
    return (await call<{ assessmentId: number }>('assessment/bycode', token, { query: code })).assessmentId;
  }

  return { call, login, submit, assessmentId };
}
