/** The current time as stored in the database's text timestamps (ISO 8601, UTC). */
export const nowIso = () => new Date().toISOString();

/** Today as the plans count it (docs/decisions.md#insights-actions): the server's date in UTC, ISO. */
export const todayIso = () => nowIso().slice(0, 10);
