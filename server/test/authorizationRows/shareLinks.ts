import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the shareLinks calls (issue 17). */
export const shareLinksRows: Record<string, Row> = {};
