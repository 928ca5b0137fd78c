import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { OrganizationType } from '../../domain/codes.js';

/**
 * domain/rules/consultantReach.ts in SQL, over the organizations table under `alias`: the firm and
 * the manufacturers it works with (firmReaches), or with `clientsOnly` the manufacturers alone
 * (isClientOf). Every list a consultant sees filters with this, as every single row is decided there.
 */
export function firmReachSql(
  firmId: number,
  { alias = 'o', clientsOnly = false }: { alias?: string; clientsOnly?: boolean } = {},
): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const client = sql<SqlBool>`(${column('type')} = ${OrganizationType.Manufacturer} and ${column('consultingFirmId')} = ${firmId})`;
  return clientsOnly ? client : sql<SqlBool>`(${column('id')} = ${firmId} or ${client})`;
}
