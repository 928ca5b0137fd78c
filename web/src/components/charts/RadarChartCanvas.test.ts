import { describe, expect, it } from 'vitest';
import { axisLabel } from './RadarChartCanvas';

describe("a radar's axis labels", () => {
  it('stay whole on a wide chart, and shorten on a phone without losing a word', () => {
    expect(axisLabel('Technology and Infrastructure', 500)).toEqual(['Technology', 'and', 'Infrastructure']);
    expect(axisLabel('Technology and Infrastructure', 300)).toEqual(['Technology &', 'Infrastructure']);
    expect(axisLabel('Supply Chain and Ecosystem', 300)).toEqual(['Supply Chain', '& Ecosystem']);
    expect(axisLabel('Cybersecurity', 300)).toEqual(['Cybersecurity']);
  });
});
