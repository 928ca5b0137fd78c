import type { Row } from '../authorizationTable.js';

/** The authorization-matrix rows of the peers calls (issue 17). */
export const peersRows: Record<string, Row> = {};
