import { describe, expect, it } from 'vitest';
import { endsTransaction, writesSessionRows } from './sessionChanges.js';

describe('which statements change session rows', () => {
  it('counts writes to users, organizations and lookup items, never reads or other tables', () => {
    for (const sql of [
      'update "users" set "is_suspended" = $1 where "id" = $2',
      'delete from organizations where id = ?',
      'insert into "lookup_items" ("name") values ($1) returning "id"',
      'with gone as (delete from "users" where "id" = $1 returning "id") select count(*) from gone',
      'truncate users cascade',
    ])
      expect(writesSessionRows(sql), sql).toBe(true);
    for (const sql of [
      'select * from "users" where "id" = $1',
      'with u as (select id from users) select * from u',
      'update "rate_limits" set "count" = "count" + 1',
      'insert into "audit_log" ("entity") values ($1)',
    ])
      expect(writesSessionRows(sql), sql).toBe(false);
  });

  it('does not count new people or organizations, which no kept row reads, but counts what replaces a row', () => {
    for (const sql of [
      'insert into "users" ("user_name", "organization_id") values ($1, $2), ($3, $4) returning "id"',
      'insert into organizations (name, type) values (?, ?) returning id',
      'with "o" as (insert into "organizations" ("name") values ($1) returning "id"), "r" as (insert into "roadmaps" ("organization_id") values ((select "id" from "o"))) select "id" from "o"',
    ])
      expect(writesSessionRows(sql), sql).toBe(false);
    for (const sql of [
      'insert into "users" ("id", "full_name") values ($1, $2) on conflict ("id") do update set "full_name" = excluded."full_name"',
      'insert or replace into users (id, full_name) values (?, ?)',
      'replace into organizations (id, name) values (?, ?)',
      'insert into "lookup_items" ("name") values ($1)',
      'insert into "users_archive" select * from users',
      'with "o" as (insert into "organizations" ("name") values ($1) returning "id") update "users" set "organization_id" = (select "id" from "o") where "id" = $2',
    ])
      expect(writesSessionRows(sql), sql).toBe(true);
  });

  it('takes a commit or a rollback for the end of a transaction, not a rollback to a savepoint', () => {
    expect(endsTransaction('commit')).toBe(true);
    expect(endsTransaction('rollback')).toBe(true);
    expect(endsTransaction('rollback to savepoint "sp1"')).toBe(false);
    expect(endsTransaction('release savepoint "sp1"')).toBe(false);
  });
});
