// The shape of a row of the authorization matrix, apart from the table that gathers the rows
// (authorizationTable.ts), so the row files and the table import it without importing each other.

/** Who calls, in the authorization matrix (docs/decisions.md#operations-authorization-matrix). */
export const actors = [
  'anonymous',
  'admin',
  'consultantOwn',
  'consultantOther',
  'championOwn',
  'championOther',
  'manufacturer',
  'visitor',
  'deactivated',
  'suspended',
] as const;
export type ActorName = (typeof actors)[number];

/**
 * allowed = any 2xx (a 200 envelope, isSuccess true or false); otherwise the refusal's status.
 * reached = past every gate (no 401/403/404, no 5xx) though the body was refused (400): only for the
 * few self-service and content forms whose valid body depends on the caller, never on an ownership cell.
 */
export type Outcome = 'allowed' | 'reached' | 401 | 403 | 404;
export type Expected = Record<ActorName, Outcome>;

/** The rows of the matrix the test builds from; ids of the fixtures created once per dialect. */
export type Fixtures = {
  /** The target manufacturer: consultantOwn's firm works with it, championOwn and manufacturer belong to it. */
  targetOrg: number;
  targetFirm: number;
  /** A plain member of the target manufacturer (not signed in by anyone). */
  targetUser: number;
  /** A visitor nobody else owns, for the visitor routes. */
  targetVisitor: number;
  /** The target champion's answered invite: sending or deleting it is refused by state, not by reach. */
  targetInvite: number;
  /** A submitted result of the target manufacturer's champion. */
  targetResult: number;
  /** The user whose result that is (the target's champion). */
  targetResultOwner: number;
  lookupId: number;
  sectionId: number;
  questionId: number;
  /** The target user as admin/user/getbyid answers it: sent back unchanged, an update changes nothing. */
  targetUserForm: Record<string, unknown>;
  /** The target manufacturer's save body with its current users and invites: an update changes nothing. */
  targetOrgSave: Record<string, unknown>;
  /** Throwaway rows for mutating calls, made fresh per call. */
  throwawayFirm: () => Promise<number>;
  throwawayVisitor: () => Promise<number>;
  /** A new manufacturer's save body (with two new users and their invites). */
  newMakerSave: () => Promise<Record<string, unknown>>;
  /** A manufacturer of consultantOwn's firm, saved with its users, as its save body. */
  throwawayMakerSave: () => Promise<Record<string, unknown>>;
  /** A section of the target manufacturer's current-state assessment: a practice area of its plan. */
  planSectionId: number;
  /** A fresh action of the target manufacturer's plan, owned by nobody, as its id. */
  throwawayAction: () => Promise<number>;
  /** A fresh shared roadmap link of the target manufacturer (docs/product.md#insights-progress), as its id. */
  throwawayShareLink: () => Promise<number>;
};

export type Row = {
  /** Ends the caller's session (logout, password changes): the test signs the caller in afresh after it. */
  endsSession?: boolean;
  /** The body (or query for GET); built per call, so throwaway fixtures are fresh. */
  body?: (fx: Fixtures, actor: ActorName) => unknown | Promise<unknown>;
  expect: Partial<Expected>;
};

/** The first page of a list, for the rows that search. */
export const page = () => ({ skip: 0, take: 5 });
