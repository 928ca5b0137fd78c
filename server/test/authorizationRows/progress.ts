import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the progress calls (issue 17). */
export const progressRows: Record<string, Row> = {};
