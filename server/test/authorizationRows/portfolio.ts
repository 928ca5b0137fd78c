import { page, type Row } from './row.js';

/**
 * The authorization-matrix rows of the portfolio calls (docs/product.md#insights-portfolio): admins and every consultant (a
 * consultant's portfolio holds its own firm's manufacturers, so no consultant is refused); the rest 403.
 */
export const portfolioRows: Record<string, Row> = {
  'POST /api/organization/portfolio': { body: page, expect: {} },
  'POST /api/organization/portfolio/download': { body: () => ({ needsAttention: true }), expect: {} },
};
