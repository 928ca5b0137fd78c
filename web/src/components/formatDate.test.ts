import { afterEach, describe, expect, it } from 'vitest';
import { formatDay } from './formatDate';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('formatDay', () => {
  it('shows a calendar day as that day, also west of UTC', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(formatDay('2026-03-05'), tz).toBe('3/5/2026');
      expect(formatDay('2026-12-31'), tz).toBe('12/31/2026');
    }
  });

  it('shows nothing for a missing or unreadable day', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('')).toBe('');
    expect(formatDay('2026-02-30')).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});
