import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the portfolio calls (issue 17). */
export const portfolioRows: Record<string, Row> = {};
