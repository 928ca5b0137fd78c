import { type DatabaseIntrospector, type Kysely, sql, type TableMetadata } from 'kysely';

/**
 * The database as Kysely's Migrator should see it on PostgreSQL: its tables are those of the one
 * schema its migration tables live in.
 *
 * The Migrator asks whether kysely_migration exists by listing every table of every schema, calling
 * has_schema_privilege and pg_get_serial_sequence on each schema's name; a schema another process drops
 * during that listing fails the whole migration with "schema ... does not exist". Test files that
 * create and drop their own schemas in parallel met it now and then (schemaIntrospection.test.ts).
 */
export function withinSchema<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')`.execute(db);
      return rows.map((r) => ({
        name: r.name,
        schema,
        isView: r.kind === 'v' || r.kind === 'm',
        columns: [],
      }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  // Kysely keeps its state in private fields, so every method runs on the real instance.
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
