import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromContentDisposition('attachment; filename="SM-Roadmap-Benchmark-2024-05-01.csv"')).toBe(
      'SM-Roadmap-Benchmark-2024-05-01.csv',
    );
  });

  it('reads a bare file name', () => {
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('prefers the RFC 5987 form', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="Acme.xlsx"; filename*=UTF-8''Acme%20M%C3%BCller.xlsx`,
      ),
    ).toBe('Acme Müller.xlsx');
  });

  it('unescapes quoted characters', () => {
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('gives null without a header or a name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
  });
});
