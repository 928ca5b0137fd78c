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

  it('leaves non-objects alone', () => {
    expect(bindKeys(schema, 'text')).toBe('text');
    expect(bindKeys(schema, null)).toBeNull();
  });
});
