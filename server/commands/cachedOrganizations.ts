import { type OrganizationView, organizationViewSchema } from '../../domain/schemas/organizationView.js';
import { versionedCache } from '../db/versionedCache.js';
import { encodedBytes } from '../http/preserialized.js';
import { presentOrganization } from '../presenters/organization.js';
import { demographicsRepository } from '../repositories/demographics.js';
import { detailsVersion } from '../repositories/detailsVersion.js';
import { organizationDetails } from '../repositories/organizationDetails.js';

/** Organizations whose forms a process keeps per database, and the bytes they may take. */
const MAX_ORGANIZATIONS = 2_000;
const MAX_BYTES = 16 * 1024 * 1024;

export type KeptOrganization = {
  /** The detail row: what the caller's reach is decided on (canReachOrganization). */
  row: NonNullable<Awaited<ReturnType<typeof organizationDetails.findById>>>;
  view: OrganizationView;
  /** The view as the route's serializer writes it. */
  json: Buffer;
};

/**
 * An organization's form (admin/organization/getbyid, /mine, /copy's source), read in five queries
 * and serialized once per change of what it is made of, then one small read of the change counts
 * per call, in every process alike. The form is the same for every caller who may open it: the
 * route decides the caller's reach on the kept row, per call, before anything is sent.
 */
export const cachedOrganization = versionedCache<KeptOrganization>(
  detailsVersion,
  async (db, key) => {
    const id = Number(key);
    const row = await organizationDetails.findById(db, id);
    if (!row) return undefined;
    const [demographic, aliases, assessments, activeUserCount] = await Promise.all([
      demographicsRepository.viewOf(db, id),
      organizationDetails.aliases(db, id),
      organizationDetails.roadmapAssessments(db),
      organizationDetails.activeUserCount(db, id),
    ]);
    const view = { ...presentOrganization(row, { demographic, aliases, assessments }), activeUserCount };
    return { row, view, json: encodedBytes(organizationViewSchema, view) };
  },
  { maxKeys: MAX_ORGANIZATIONS, maxBytes: MAX_BYTES, sizeOf: (kept) => kept.json.length * 3 },
);
