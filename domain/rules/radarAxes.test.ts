import { describe, expect, it } from 'vitest';
import { radarAxes } from './radarAxes.js';

describe("the radar's axes", () => {
  it('put the practice areas in one order, whatever order they come in', () => {
    const names = ['Workforce and Culture', 'cybersecurity', 'Data and Analytics', 'Strategy and Leadership'];
    const expected = [
      'cybersecurity',
      'Data and Analytics',
      'Strategy and Leadership',
      'Workforce and Culture',
    ];
    expect(radarAxes(names, (n) => n)).toEqual(expected);
    expect(radarAxes([...names].reverse(), (n) => n)).toEqual(expected);
    expect(names[0]).toBe('Workforce and Culture'); // the given list is left as it was
  });
});
