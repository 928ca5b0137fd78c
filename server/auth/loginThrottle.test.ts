import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './loginThrottle.js';

describe('LoginThrottle', () => {
  const limits = { perAccountAndAddress: 3, windowMs: 1000, perAccountPerHour: 5 };

  it('blocks the failing pair only, whatever the case of the name', () => {
    const t = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 3; i++) t.failed(i ? 'Bob' : ' bob ', 'A');
    expect(t.allows('BOB', 'A')).toBe(false);
    expect(t.allows('bob', 'B')).toBe(true);
    expect(t.allows('ann', 'A')).toBe(true);
  });

  it('past the hourly cap lets in only addresses the owner signed in from, and keeps counting through sign-ins', () => {
    let now = 0;
    const t = new LoginThrottle(limits, () => now);
    t.succeeded('bob', 'home');
    for (let i = 0; i < 5; i++) t.failed('bob', `x${i}`);
    expect(t.allows('bob', 'new')).toBe(false);
    expect(t.allows('bob', 'home')).toBe(true);
    t.succeeded('bob', 'home');
    expect(t.allows('bob', 'new')).toBe(false);
    now = 60 * 60_000;
    expect(t.allows('bob', 'new')).toBe(true);
  });

  it('forgets a known address after 30 days and keeps at most five', () => {
    let now = 0;
    const t = new LoginThrottle(limits, () => now);
    for (const a of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) t.succeeded('bob', a);
    for (let i = 0; i < 5; i++) t.failed('bob', `x${i}`);
    expect(t.allows('bob', 'a1')).toBe(false);
    expect(t.allows('bob', 'a6')).toBe(true);
    now = 31 * 24 * 60 * 60_000;
    for (let i = 0; i < 5; i++) t.failed('bob', `y${i}`);
    expect(t.allows('bob', 'a6')).toBe(false);
  });
});
