/**
 * The SQL text of every query compiled by reusableQuery.ts, with a statement name of its own:
 * PostgreSQL connections prepare these once and then only bind and run them (database.ts), where any
 * other query is parsed and planned on every call. Bounded by the reusable queries and, for a statement
 * of rows (reusableRows), its row counts (at most its chunk size, 1,000), whatever the traffic. A
 * module of its own, so that database.ts and reusableQuery.ts (which names the database's types) do
 * not import each other.
 */
export const reusedStatementNames = new Map<string, string>();

/**
 * Names for the writes' INSERT ... VALUES statements (an organization's people and invites, its
 * audit entries, a kept answer; docs/perf-notes/pgw.md), given on first sight: PostgreSQL parsed and
 * planned each on every call (0.1-0.25 ms each, ~1.1 ms of an organization save), though their plan
 * is always the same (no WHERE, nothing to choose). Their text depends on the number of rows only, so
 * there are few; capped all the same (a name, once given, stays: connections keep what they prepared
 * under it), and past the cap a statement goes unnamed as before.
 */
const insertNames = new Map<string, string>();
const INSERT_NAMES_MAX = 500;
const PLAIN_INSERT = /^insert into "[a-z_]+" \([^)]*\) values \(/;

/**
 * A statement of such inserts chained by WITH (repositories/newManufacturer.ts): each a WITH query
 * of its own, the ones after taking an id from one before by `(select "id" from "<query>")`, and the
 * statement answering the first one's id. Those lookups of a single row plan alike too.
 */
const CHAINED_INSERTS = /^with "[a-z]+" as \(insert into "[a-z_]+" \([^)]*\) values \(/;
const ID_OF_QUERY = /\(select "id" from "[a-z]+"\)/g;
const ANSWER_ID_OF_QUERY = / select "id" from "[a-z]+"$/;

/** The text with what is allowed of a statement of chained inserts taken out, or undefined. */
function plainInsertsOf(text: string): string | undefined {
  if (PLAIN_INSERT.test(text)) return text;
  if (!CHAINED_INSERTS.test(text) || !ANSWER_ID_OF_QUERY.test(text)) return undefined;
  return text.replace(ANSWER_ID_OF_QUERY, '').replace(ID_OF_QUERY, '(id)');
}

export function insertStatementName(text: string): string | undefined {
  let name = insertNames.get(text);
  if (name !== undefined || insertNames.size >= INSERT_NAMES_MAX) return name;
  // Only VALUES, which plan alike whatever the values: a SELECT or a WHERE might plan better per call.
  const plain = plainInsertsOf(text);
  if (plain === undefined || /\b(select|where)\b/i.test(plain)) return undefined;
  name = `smr_insert_${insertNames.size}`;
  insertNames.set(text, name);
  return name;
}
