import { describe, expect, it } from 'vitest';
import { benchmarkCsv, neutralize } from './benchmarkCsv.js';

describe('benchmark CSV', () => {
  it('keeps cells that would run as formulas as text', () => {
    expect(neutralize('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralize('-2')).toBe("'-2");
    expect(neutralize('Acme')).toBe('Acme');
    expect(neutralize(3.5)).toBe('3.5');
  });

  it('writes a column per practice area across every benchmark', () => {
    const csv = benchmarkCsv([
      {
        organization: '@Acme',
        consultingFirm: null,
        updatedAt: '2024-05-01T10:00:00.000Z',
        data: JSON.stringify({
          respondents: 2,
          overall: 2.5,
          sections: [{ code: 'a', caption: 'Strategy', score: 2.5 }],
        }),
      },
    ]);
    expect(csv.trim().split('\n')).toEqual([
      'Manufacturer,Consulting Firm,Updated,Respondents,Overall,Strategy',
      "'@Acme,,2024-05-01,2,2.5,2.5",
    ]);
  });
});
