import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the roleAlignment calls (issue 17). */
export const roleAlignmentRows: Record<string, Row> = {};
