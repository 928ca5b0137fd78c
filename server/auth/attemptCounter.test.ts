import { describe, expect, it } from 'vitest';
import { AttemptCounter } from './attemptCounter.js';

describe('AttemptCounter', () => {
  it('blocks an account after max failures in the window, whatever the case of the name', () => {
    let now = 0;
    const t = new AttemptCounter(3, 1000, () => now);
    t.record('Bob');
    t.record('bob');
    expect(t.isBlocked('BOB')).toBe(false);
    t.record(' bob ');
    expect(t.isBlocked('bob')).toBe(true);
    expect(t.isBlocked('alice')).toBe(false);
    now = 1000;
    expect(t.isBlocked('bob')).toBe(false);
  });

  it('forgets failures after a successful login', () => {
    const t = new AttemptCounter(2, 1000, () => 0);
    t.record('ann');
    t.clear('ann');
    t.record('ann');
    expect(t.isBlocked('ann')).toBe(false);
  });
});
