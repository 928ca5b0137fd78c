/**
 * The SQL text of every query compiled by reusableQuery.ts, with a statement name of its own:
 * PostgreSQL connections prepare these once and then only bind and run them (database.ts), where any
 * other query is parsed and planned on every call. Bounded by the reusable queries and, for a statement
 * of rows (reusableRows), its row counts (at most its chunk size, 1,000), whatever the traffic. A module of its own, so that database.ts and reusableQuery.ts (which names the database's
 * types) do not import each other.
 */
export const reusedStatementNames = new Map<string, string>();
