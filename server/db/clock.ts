/** The current time as stored in the database's text timestamps (ISO 8601, UTC). */
export const nowIso = () => new Date().toISOString();
