import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the drafts calls (issue 17). */
export const draftsRows: Record<string, Row> = {};
