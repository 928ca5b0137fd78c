import { z } from 'zod';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_MIN_DAYS,
  shareLinkTexts,
} from '../rules/shareLinks.js';
import { listSearchSchema } from './common.js';

/** Days until the link expires: a whole number from 1 to 365; 30 when left out. */
export const expiresInDaysSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: shareLinkTexts.expiryRange })
    .int(shareLinkTexts.expiryRange)
    .min(SHARE_LINK_MIN_DAYS, shareLinkTexts.expiryRange)
    .max(SHARE_LINK_MAX_DAYS, shareLinkTexts.expiryRange),
);

/** organization/sharelink/add: the organization and how long the link lives. */
export const shareLinkAddSchema = z.object({
  id: z.coerce.number().int(),
  expiresInDays: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? SHARE_LINK_DEFAULT_DAYS : v),
    expiresInDaysSchema,
  ),
  /** As for links in e-mails: used only when it is PUBLIC_URL's host or one of ALLOWED_HOSTS. */
  host: z.string().max(500).nullish(),
});
export type ShareLinkAdd = z.infer<typeof shareLinkAddSchema>;

/** What the add answers in data: the only time the token is ever shown. */
export type ShareLinkCreated = { id: number; url: string; expiresOn: string };

/** A link as the organization's list shows it: never its token. */
export type ShareLinkView = { id: number; createdOn: string; expiresOn: string; revoked: boolean };

/** admin/sharelink/search: Query (the organization's name), Skip, Take. */
export const shareLinkSearchSchema = listSearchSchema;

/** A link in the admins' list, with its organization. */
export type AdminShareLinkView = ShareLinkView & { organizationId: number; organizationName: string };

/** GET shared/{token}: the roadmap summary, with no person in it. */
export type SharedRoadmapView = {
  name: string;
  businessType: string | null;
  roadmapStatus: string | null;
  sections: { id: number; name: string; current: number | null; future: number | null; gap: number | null }[];
};

/** The web form: the days as typed. */
export const shareLinkFormSchema = z.object({ expiresInDays: expiresInDaysSchema });
