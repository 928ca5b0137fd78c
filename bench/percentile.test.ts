import { describe, expect, it } from 'vitest';
import { nearestRank } from './percentile.js';

describe('nearestRank', () => {
  it('gives the smallest time at or under which the share falls', () => {
    const times = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(times, 0.5)).toBe(5);
    expect(nearestRank(times, 0.99)).toBe(10);
    expect(nearestRank(times, 0.1)).toBe(1);
    expect(nearestRank(times, 0)).toBe(1);
    expect(nearestRank(Float64Array.from([0.25, 1.75]), 0.5)).toBe(0.25);
    expect(nearestRank([], 0.5)).toBe(0);
  });
});
