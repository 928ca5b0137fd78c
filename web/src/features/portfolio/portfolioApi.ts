import type { PortfolioSort } from '@domain/rules/portfolio';
import type { portfolioPageSchema } from '@domain/schemas/portfolio';
import { api, type RequestOptions } from '@web/api/client';
import type { z } from 'zod';

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const PORTFOLIO_DOWNLOAD_PATH = 'organization/portfolio/download';

/** The portfolio's filters: the search text, needs-attention only, and the order. */
export type PortfolioFilters = { query: string; needsAttention: boolean; sort: PortfolioSort };

/** The body of organization/portfolio and its download (needsAttention only when it narrows). */
export function portfolioBody(filters: PortfolioFilters) {
  return {
    query: filters.query,
    needsAttention: filters.needsAttention || null,
    sort: filters.sort,
  };
}

export const portfolioKeys = { all: ['portfolio'] as const };

/** The client portfolio's call (docs/product.md#insights-portfolio). */
export const portfolioApi = {
  search: (filters: PortfolioFilters, page: { skip: number; take: number }, options?: CallOptions) =>
    api.post<z.output<typeof portfolioPageSchema>>(
      'organization/portfolio',
      { ...portfolioBody(filters), ...page },
      options,
    ),
};
