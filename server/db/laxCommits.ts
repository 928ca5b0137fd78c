/**
 * PostgreSQL: the database's second Kysely, on connections whose commits do not wait for the WAL to
 * reach the disk (`synchronous_commit = off`), for the hits of the rate-limit counters only
 * (docs/decisions.md#data-lax-counter-hits). A hit's upsert locks its counter row until its commit,
 * and a durable commit holds it through the WAL flush: every submission of one user (the bench's 32
 * connections, a script) queued on that one row, one flush at a time. Such a commit is visible at once;
 * a PostgreSQL crash may forget the last fraction of a second of hits, never a row of the product's data.
 * SQLite, and a database opened without one: the database itself. Typed by the caller's database,
 * not by an import of database.ts, which calls setLaxCommits (no import cycle).
 */
const laxOf = new WeakMap<object, object>();

export function setLaxCommits<D extends object>(db: D, lax: D): void {
  laxOf.set(db, lax);
}

export function laxCommits<D extends object>(db: D): D {
  return (laxOf.get(db) as D | undefined) ?? db;
}
