import { describe, expect, it } from 'vitest';
import { groupShades } from './groupShades';

describe('shading rows by group', () => {
  it('gives every row of a group the same shade and alternates between groups', () => {
    const rows = [1, 1, 2, 3, 3, 3, 4].map((type) => ({ type }));
    expect(groupShades(rows, (r) => r.type)).toEqual(['even', 'even', 'odd', 'even', 'even', 'even', 'odd']);
  });

  it('handles no rows and one group', () => {
    expect(groupShades([], () => 1)).toEqual([]);
    expect(groupShades([{}, {}], () => 'x')).toEqual(['even', 'even']);
  });
});
