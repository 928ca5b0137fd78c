import { describe, expect, it } from 'vitest';
import { expiresInDaysSchema, shareLinkAddSchema } from '../schemas/shareLinks.js';
import type { ResultScores } from './reportFigures.js';
import {
  isValidExpiryDays,
  sharedSections,
  shareLinkExpiry,
  shareLinkOpens,
  shareLinkStatus,
  shareLinkTexts,
} from './shareLinks.js';

describe('shared roadmap link rules', () => {
  it('accepts 1 to 365 whole days, defaults to 30, and says so otherwise', () => {
    for (const days of [1, 30, 365]) expect(isValidExpiryDays(days)).toBe(true);
    for (const days of [0, -1, 366, 1.5, Number.NaN]) expect(isValidExpiryDays(days)).toBe(false);
    expect(shareLinkAddSchema.parse({ id: 3 }).expiresInDays).toBe(30);
    expect(shareLinkAddSchema.parse({ id: 3, expiresInDays: null }).expiresInDays).toBe(30);
    const refused = expiresInDaysSchema.safeParse(366);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(shareLinkTexts.expiryRange);
    expect(expiresInDaysSchema.safeParse('abc').error?.issues[0]?.message).toBe(shareLinkTexts.expiryRange);
  });

  it('expires the given number of days after creation', () => {
    const made = new Date('2026-01-31T10:00:00.000Z');
    expect(shareLinkExpiry(made, 30).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('is Revoked once revoked, Expired from its expiry on, else Active', () => {
    const now = new Date('2026-05-01T00:00:00.000Z');
    expect(shareLinkStatus({ expiresOn: '2026-05-02T00:00:00.000Z', revoked: false }, now)).toBe('Active');
    expect(shareLinkStatus({ expiresOn: '2026-05-01T00:00:00.000Z', revoked: false }, now)).toBe('Expired');
    expect(shareLinkStatus({ expiresOn: '2026-04-01T00:00:00.000Z', revoked: true }, now)).toBe('Revoked');
    expect(shareLinkStatus({ expiresOn: '2026-06-01T00:00:00.000Z', revoked: true }, now)).toBe('Revoked');
    expect(shareLinkOpens({ expiresAt: '2026-05-02T00:00:00.000Z', revokedAt: null }, now)).toBe(true);
    expect(shareLinkOpens({ expiresAt: '2026-05-02T00:00:00.000Z', revokedAt: 'x' }, now)).toBe(false);
  });

  it('averages each section over the results, gap = future - current, largest gap first', () => {
    const sections = [
      { id: 1, code: 'a', caption: 'Alpha' },
      { id: 2, code: 'b', caption: 'Beta' },
    ];
    const scores = (a: number, b?: number): ResultScores => ({
      overall: null,
      sections: b === undefined ? { a } : { a, b },
      questions: {},
    });
    const result = sharedSections(
      { sections, scores: [scores(1, 2), scores(2, 4)] },
      { sections: [...sections, { id: 3, code: 'c', caption: 'Gamma' }], scores: [scores(2, 5)] },
    );
    expect(result).toEqual([
      { id: 2, name: 'Beta', current: 3, future: 5, gap: 2 },
      { id: 1, name: 'Alpha', current: 1.5, future: 2, gap: 0.5 },
      { id: 3, name: 'Gamma', current: null, future: null, gap: null },
    ]);
  });
});
