import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './loginThrottle.js';

describe('LoginThrottle', () => {
  it('blocks an account after max failures in the window, whatever the case of the name', () => {
    let now = 0;
    const t = new LoginThrottle(3, 1000, () => now);
    t.recordFailure('Bob');
    t.recordFailure('bob');
    expect(t.isBlocked('BOB')).toBe(false);
    t.recordFailure(' bob ');
    expect(t.isBlocked('bob')).toBe(true);
    expect(t.isBlocked('alice')).toBe(false);
    now = 1000;
    expect(t.isBlocked('bob')).toBe(false);
  });

  it('forgets failures after a successful login', () => {
    const t = new LoginThrottle(2, 1000, () => 0);
    t.recordFailure('ann');
    t.recordSuccess('ann');
    t.recordFailure('ann');
    expect(t.isBlocked('ann')).toBe(false);
  });
});
