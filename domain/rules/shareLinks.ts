import type { UserGroup } from '../codes.js';
import { averagesOf, byLargestGap, type Gap, type ResultScores } from './reportFigures.js';
import { roleOfGroup } from './roles.js';

// Shared roadmap links (docs/product.md#insights-share-links): how long a link lives, what
// state it is in, and the figures the page behind it shows.

export const SHARE_LINK_MIN_DAYS = 1;
export const SHARE_LINK_MAX_DAYS = 365;
export const SHARE_LINK_DEFAULT_DAYS = 30;
/** 256 random bits: well above the 128 the issue asks for, 43 characters in base64url. */
export const SHARE_TOKEN_BYTES = 32;

export const shareLinkTexts = {
  /** The page behind an unknown, revoked or expired link, and the API's 404 for all three. */
  invalid: 'This link is no longer valid.',
  expiryRange: `The link must expire in ${SHARE_LINK_MIN_DAYS} to ${SHARE_LINK_MAX_DAYS} days.`,
  manufacturersOnly: "Only a manufacturer's roadmap can be shared.",
  linkNotFound: 'The shared link was not found.',
  created: 'The shared link was created. Copy it now: it will not be shown again.',
  revoked: 'The shared link was revoked.',
  alreadyRevoked: 'The shared link was already revoked.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who made a link, for a caller who may not see the creator's name (policies/organizationInsights.ts
 * namesLinkCreator): their role; a creator who no longer exists (group null) is a former user.
 */
export function linkCreatorRole(group: UserGroup | null): string {
  if (group === null) return 'A former user';
  const role = roleOfGroup(group);
  if (role === 'admin') return 'An administrator';
  if (role === 'consultant') return 'A consultant';
  if (role === 'manufacturer-champion') return 'A champion';
  return 'A user';
}

/** Whether an expiry in days is one a link may be given (a whole number from 1 to 365). */
export function isValidExpiryDays(days: number): boolean {
  return Number.isInteger(days) && days >= SHARE_LINK_MIN_DAYS && days <= SHARE_LINK_MAX_DAYS;
}

/** When a link made at `createdAt` for `days` days stops opening: the same moment, `days` days on. */
export function shareLinkExpiry(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * DAY_MS);
}

export type ShareLinkStatus = 'Active' | 'Expired' | 'Revoked';

/** A link is Revoked once revoked (whatever its date), else Expired from its expiry on, else Active. */
export function shareLinkStatus(
  link: { expiresOn: string; revoked: boolean },
  now: Date = new Date(),
): ShareLinkStatus {
  if (link.revoked) return 'Revoked';
  return new Date(link.expiresOn).getTime() <= now.getTime() ? 'Expired' : 'Active';
}

/** Whether a link still opens the roadmap: neither revoked nor expired. */
export function shareLinkOpens(link: { expiresAt: string; revokedAt: string | null }, now = new Date()) {
  return shareLinkStatus({ expiresOn: link.expiresAt, revoked: link.revokedAt !== null }, now) === 'Active';
}

type Section = { id: number; code: string; caption: string };

export type SharedSection = Gap<{ id: number; name: string }>;

/**
 * The shared roadmap's sections: each section of the current or the future state (future first, in
 * their order, then current-only ones) with the organization's current- and future-state averages
 * over its counted results and the gap between them, largest gap first (the report's Roadmap sheet).
 */
export function sharedSections(
  current: { sections: readonly Section[]; scores: readonly ResultScores[] },
  future: { sections: readonly Section[]; scores: readonly ResultScores[] },
): SharedSection[] {
  const sections: Section[] = [];
  for (const s of [...future.sections, ...current.sections])
    if (!sections.some((x) => x.id === s.id)) sections.push(s);
  const codes = sections.map((s) => s.code);
  const now = averagesOf(current.scores, codes).sections;
  const target = averagesOf(future.scores, codes).sections;
  return byLargestGap(
    sections.map((s, i) => ({
      id: s.id,
      name: s.caption,
      current: now[i]?.score ?? null,
      future: target[i]?.score ?? null,
    })),
  );
}

/** The roadmap statuses by name, for the page behind a link (its reader has no lookups). */
export const roadmapStatusNames: Record<string, string> = {
  PreAssessment: 'Pre-Assessment',
  CurrentState: 'Current State Assessment',
  CurrentStateReporting: 'Current State Reporting',
  FutureState: 'Future State Assessment',
  FutureStateReporting: 'Future State Reporting',
};
