import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { BenchmarkCsvRow } from '../db/rows.js';
import { benchmarkCsv, benchmarkCsvFileName, benchmarkCsvHeader } from './benchmarkCsv.js';
import { neutralize } from './csv.js';

async function text(stream: NodeJS.ReadableStream) {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

async function* batches(...rows: BenchmarkCsvRow[]) {
  yield rows;
}

const row = (over: Partial<BenchmarkCsvRow>): BenchmarkCsvRow => ({
  id: 1,
  name: 'Acme',
  consultingFirm: null,
  excludeFromBenchmark: 0,
  updatedAt: '2024-05-01T10:00:00.000Z',
  data: '{}',
  ...over,
});

describe('benchmark CSV', () => {
  it('keeps cells that would run as formulas as text', () => {
    expect(neutralize('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralize('-2')).toBe("'-2");
    expect(neutralize('Acme')).toBe('Acme');
    expect(neutralize(3.5)).toBe('3.5');
  });

  it('names the file with the date', () => {
    expect(benchmarkCsvFileName(new Date('2025-03-04T12:00:00Z'))).toBe(
      'SM-Roadmap-Benchmark-2025-03-04.csv',
    );
  });

  it('writes the given practice areas as columns; older records leave demographics empty', async () => {
    const sections = [
      { code: 'a', caption: 'Strategy' },
      { code: 'b', caption: 'People' },
    ];
    const csv = await text(
      benchmarkCsv(
        sections,
        batches(
          row({
            name: '@Acme',
            consultingFirm: 'Firm, Inc.',
            excludeFromBenchmark: 1,
            data: JSON.stringify({
              respondents: 2,
              excluded: 1,
              overall: 2.5,
              sections: [
                { code: 'b', caption: 'People', score: 2 },
                { code: 'gone', caption: 'Retired', score: 1 },
              ],
              demographics: {
                companyMaturity: '10+ years',
                numberOfEmployees: '1-49',
                numberOfFacilities: '1',
                hqRegion: 'North America',
                state: 'Ohio',
                businessType: 'OEM',
                industries: ['Metals', 'Plastics'],
                supplyChainRoles: [],
              },
            }),
          }),
          row({
            name: 'Old Co',
            data: JSON.stringify({
              respondents: 1,
              overall: 3,
              sections: [{ code: 'a', caption: 'x', score: 3 }],
            }),
          }),
          row({ name: 'Broken', data: 'not json' }),
        ),
      ),
    );
    const [header, ...rows] = parse(csv) as string[][];
    expect(header).toEqual([...benchmarkCsvHeader, 'Strategy', 'People']);
    expect(rows).toEqual([
      [
        "'@Acme",
        'Firm, Inc.',
        '5/1/2024',
        'Yes',
        '10+ years',
        '1-49',
        '1',
        'North America',
        'Ohio',
        'OEM',
        'Metals; Plastics',
        '',
        '2',
        '2.5',
        '',
        '2',
      ],
      ['Old Co', '', '5/1/2024', 'No', '', '', '', '', '', '', '', '', '1', '3', '3', ''],
      ['Broken', '', '5/1/2024', 'No', '', '', '', '', '', '', '', '', '', '', '', ''],
    ]);
  });
});
