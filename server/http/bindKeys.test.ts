import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindKeys } from './bindKeys.js';

describe('bindKeys', () => {
  const schema = z.object({
    query: z.string().nullish(),
    userName: z.string(),
    user: z.object({ fullName: z.string(), roles: z.array(z.object({ id: z.number() })) }).optional(),
  });

  it('renames keys to the schema spelling at every depth', () => {
    expect(
      bindKeys(schema, { Query: 'q', USERNAME: 'x', User: { FullName: 'A', Roles: [{ ID: 1 }] } }),
    ).toEqual({
      query: 'q',
      userName: 'x',
      user: { fullName: 'A', roles: [{ id: 1 }] },
    });
  });

  it('keeps unknown keys and lets the exact spelling win', () => {
    expect(bindKeys(schema, { extra: 1, userName: 'exact', UserName: 'other' })).toEqual({
      extra: 1,
      userName: 'exact',
    });
  });

  it('gives back a body already spelled as the schema as it is, without a copy', () => {
    const body = {
      query: 'q',
      userName: 'x',
      extra: { Any: 1 },
      user: { fullName: 'A', roles: [{ id: 1 }, { id: 2 }] },
    };
    expect(bindKeys(schema, body)).toBe(body);
  });

  it('copies only what holds a key to rename, and leaves the body it was given as it was', () => {
    const roles = [{ id: 1 }, { ID: 2 }];
    const body = { userName: 'x', user: { fullName: 'A', roles } };
    const out = bindKeys(schema, body) as { user: { roles: unknown[] } };
    expect(out).toEqual({ userName: 'x', user: { fullName: 'A', roles: [{ id: 1 }, { id: 2 }] } });
    expect(out).not.toBe(body);
    expect(out.user.roles[0]).toBe(roles[0]);
    expect(body.user.roles[1]).toEqual({ ID: 2 });
  });

  it('leaves non-objects alone', () => {
    expect(bindKeys(schema, 'text')).toBe('text');
    expect(bindKeys(schema, null)).toBeNull();
  });
});

describe('bindKeys with prototype keys (docs/decisions.md#http-key-binding, finding 4)', () => {
  const schema = z.object({ userName: z.string(), user: z.object({ fullName: z.string() }).optional() });

  it('treats constructor, toString, valueOf and __proto__ as unknown keys, never as Object members', () => {
    const body = JSON.parse(
      '{"constructor":1,"toString":"x","valueOf":[],"hasOwnProperty":{},"user":{"constructor":{"a":1},"__proto__":{"b":2}}}',
    );
    const out = bindKeys(schema, body) as Record<string, unknown>;
    expect(out.constructor).toBe(1);
    expect(out.toString).toBe('x');
    expect((out.user as Record<string, unknown>).constructor).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(out.user)).toBeNull();
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });
});
