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

  it('leaves unnamed what may plan better per call, and anything but an INSERT', () => {
    for (const text of [
      'insert into "users" ("id") select "id" from "people"',
      'insert into "rate_limits" ("key") values ($1) on conflict ("key") do update set "count" = 1 where "rate_limits"."count" > $2',
      'select * from "users" where "id" = $1',
      'with "w0" as (insert into "answers" ("a") values ($1)) select 1',
      'update "users" set "a" = $1',
    ])
      expect(insertStatementName(text), text).toBeUndefined();
  });
});
