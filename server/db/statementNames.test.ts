import { describe, expect, it } from 'vitest';
import { insertStatementName } from './statementNames.js';

describe('names of INSERT statements', () => {
  it('names an INSERT ... VALUES once, the same name for the same text', () => {
    const text = 'insert into "audit_log" ("at", "actor_id") values ($1, $2), ($3, $4) returning "id"';
    const name = insertStatementName(text);
    expect(name).toMatch(/^smr_insert_\d+$/);
    expect(insertStatementName(text)).toBe(name);
    expect(insertStatementName(`${text} `)).not.toBe(name);
  });

  it('names inserts chained by WITH, each taking an id of one before, as a new manufacturer is written', () => {
    const text =
      'with "o" as (insert into "organizations" ("name") values ($1) returning "id"), ' +
      '"r" as (insert into "roadmaps" ("organization_id", "status_id") values ((select "id" from "o"), $2)), ' +
      '"d" as (insert into "demographics" ("organization_id") values ((select "id" from "o")) returning "id"), ' +
      '"di" as (insert into "demographic_industries" ("demographic_id", "lookup_item_id") values ((select "id" from "d"), $3), ((select "id" from "d"), $4)) ' +
      'select "id" from "o"';
    const name = insertStatementName(text);
    expect(name).toMatch(/^smr_insert_\d+$/);
    expect(insertStatementName(text)).toBe(name);
  });

  it('leaves unnamed what may plan better per call, and anything but an INSERT', () => {
    for (const text of [
      'insert into "users" ("id") select "id" from "people"',
      'insert into "rate_limits" ("key") values ($1) on conflict ("key") do update set "count" = 1 where "rate_limits"."count" > $2',
      'select * from "users" where "id" = $1',
      'with "w0" as (insert into "answers" ("a") values ($1)) select 1',
      'with "o" as (insert into "organizations" ("a") values ($1) returning "id"), "r" as (insert into "roadmaps" ("b") select "id" from "o") select "id" from "o"',
      'with "o" as (insert into "organizations" ("a") values ($1) returning "id"), "r" as (insert into "roadmaps" ("b") values ((select "id" from "o" where "a" = $2))) select "id" from "o"',
      'with "o" as (delete from "organizations" where "id" = $1 returning "id") select "id" from "o"',
      'update "users" set "a" = $1',
    ])
      expect(insertStatementName(text), text).toBeUndefined();
  });
});
