import { z } from 'zod';
import { attentionReasonTexts, portfolioSortColumns } from '../rules/portfolio.js';
import { pageOf } from './answers.js';
import { listSearchSchema } from './common.js';

// The client portfolio's calls (docs/product.md#insights-portfolio): organization/portfolio and its
// download take the same body; the web builds it, the server validates it.

/** A free-form flag: true/false, 'true'/'false', 1/0; blank or 'null' means not given. */
const optionalFlag = z.preprocess((v) => {
  if (v === '' || v === 'null') return null;
  if (typeof v === 'string') return /^(true|1)$/i.test(v) ? true : /^(false|0)$/i.test(v) ? false : v;
  return typeof v === 'number' ? v !== 0 : v;
}, z.boolean().nullish());

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

/** The optional order: a column of portfolioSortColumns and a direction; the name, A to Z, without it. */
export const portfolioSortSchema = z.object({
  column: z.preprocess(
    (v) =>
      typeof v === 'string' ? (portfolioSortColumns.find((c) => c.toLowerCase() === lower(v)) ?? v) : v,
    z.enum(portfolioSortColumns, {
      error: `sort.column must be one of ${portfolioSortColumns.join(', ')}.`,
    }),
  ),
  direction: z.preprocess(
    lower,
    z.enum(['asc', 'desc'], { error: 'sort.direction must be asc or desc.' }).default('asc'),
  ),
});

/** organization/portfolio and organization/portfolio/download. */
export const portfolioSearchSchema = listSearchSchema.extend({
  /** true: only the manufacturers that need attention; absent or false: every one. */
  needsAttention: optionalFlag,
  sort: portfolioSortSchema.nullish(),
});
export type PortfolioSearch = z.infer<typeof portfolioSearchSchema>;

const byState = z.object({ current: z.number().int(), future: z.number().int() });

/** One manufacturer of the portfolio, as organization/portfolio answers it (domain/rules/portfolio.ts). */
export const portfolioRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The roadmap status's code, null without a roadmap status. */
  roadmapStatus: z.string().nullable(),
  invitesSent: byState,
  invitesCompleted: byState,
  /** yyyy-mm-dd, null without any activity. */
  lastActivityOn: z.string().nullable(),
  currentScore: z.number().nullable(),
  futureScore: z.number().nullable(),
  gap: z.number().nullable(),
  /** Its actions NotStarted or InProgress, and those of them due before today. */
  openActions: z.number().int(),
  overdueActions: z.number().int(),
  needsAttention: z.boolean(),
  attentionReasons: z.array(z.enum(Object.values(attentionReasonTexts))),
});
export type PortfolioRow = z.output<typeof portfolioRowSchema>;

export const portfolioPageSchema = pageOf(portfolioRowSchema);
