import { PassThrough, type Writable } from 'node:stream';
import { PRODUCT_NAME } from '@domain/codes.js';
import { roundScore } from '@domain/rules/scoring.js';
import type ExcelJS from 'exceljs';

// The streaming workbook the Excel reports are written with (exceljs WorkbookWriter): each row goes to
// the zip stream as soon as it is written, so a report's size never decides the server's memory.

/** A score cell: one decimal, empty without a figure. */
export type Score = { score: number | null };
export type Value = string | number | Date | Score | null | undefined;

/** A score as the results screen shows it: rounded to one decimal. */
export const score = (value: number | null | undefined): Score => ({
  score: value == null ? null : roundScore(value),
});

const HEADER_FILL = 'FF2D4A6E';
const BAR_COLOR = 'FF5B9BD5';

/** Column letters as a spreadsheet names them: 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** A date-only cell (M/d/yyyy, docs/product.md#limits) from an ISO time, read as the UTC day. */
export const day = (iso: string | null | undefined): Date | null =>
  iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null;

type WorksheetWriterInternals = {
  _writeConditionalFormatting: () => void;
  stream: { write(xml: string): void };
};

/**
 * One worksheet being written: rows go out in order and cannot be revisited. Data bars are written as
 * the plain (Excel 2007) conditional format on a fixed 0-5 scale. exceljs's streaming writer would add
 * an empty x14 reference to every data bar, which Excel's schema does not allow, so this sheet writes
 * the conditional formats itself (docs/decisions-reports.draft.md).
 */
export class SheetWriter {
  private readonly bars: string[] = [];

  constructor(private readonly sheet: ExcelJS.Worksheet) {
    const internals = sheet as unknown as WorksheetWriterInternals;
    if (typeof internals._writeConditionalFormatting !== 'function')
      throw new Error('exceljs: the streaming worksheet writer is not the one these reports expect');
    internals._writeConditionalFormatting = () => {
      if (this.bars.length) internals.stream.write(this.barsXml());
    };
  }

  private barsXml() {
    return this.bars
      .map(
        (ref, i) =>
          `<conditionalFormatting sqref="${ref}"><cfRule type="dataBar" priority="${i + 1}"><dataBar>` +
          `<cfvo type="num" val="0"/><cfvo type="num" val="5"/><color rgb="${BAR_COLOR}"/></dataBar></cfRule>` +
          '</conditionalFormatting>',
      )
      .join('');
  }

  /** Writes a row of cells; answers the row's number. */
  row(values: readonly Value[], style: 'plain' | 'fact' | 'bold' | 'header' | 'title' = 'plain'): number {
    const row = this.sheet.addRow(
      values.map((v) => (v && typeof v === 'object' && 'score' in v ? v.score : (v ?? null))),
    );
    values.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      if (v && typeof v === 'object' && 'score' in v) cell.numFmt = '0.0';
      else if (v instanceof Date) cell.numFmt = 'm/d/yyyy';
    });
    if (style === 'title') row.font = { bold: true, size: 14 };
    if (style === 'bold') row.font = { bold: true };
    if (style === 'fact') row.getCell(1).font = { bold: true };
    if (style === 'header') {
      row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      for (let i = 1; i <= values.length; i++)
        row.getCell(i).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    }
    const number = row.number;
    row.commit();
    return number;
  }

  /** A label and its value, the label bold. */
  fact(label: string, value: Value): number {
    return this.row([label, value], 'fact');
  }

  blank(): void {
    this.sheet.addRow([]).commit();
  }

  /** Data bars over columns `from`..`to` (1-based) of rows `first`..`last`; nothing for an empty range. */
  dataBars(from: number, to: number, first: number, last: number): void {
    if (last < first || to < from) return;
    this.bars.push(`${columnLetter(from)}${first}:${columnLetter(to)}${last}`);
  }

  commit(): void {
    this.sheet.commit();
  }
}

/**
 * A streaming workbook writing to `stream`; commit() ends it. exceljs is loaded on the first report,
 * not at start-up: it is the heaviest module the server has, and most processes never write a report.
 */
export async function openBook(stream: Writable) {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  book.creator = PRODUCT_NAME;
  book.created = new Date();
  return {
    /** A worksheet with column widths and, optionally, rows and columns that stay in view. */
    sheet(name: string, widths: readonly number[], freeze: { rows?: number; columns?: number } = {}) {
      const sheet = book.addWorksheet(name, {
        views:
          freeze.rows || freeze.columns
            ? [{ state: 'frozen', xSplit: freeze.columns ?? 0, ySplit: freeze.rows ?? 0 }]
            : [],
        // Printed, a sheet keeps its columns together: landscape, as wide as one page, as long as it needs.
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      });
      sheet.columns = widths.map((width) => ({ width }));
      return new SheetWriter(sheet);
    },
    commit: () => book.commit(),
  };
}

export type Book = Awaited<ReturnType<typeof openBook>>;

/**
 * A workbook as a stream for a reply: `write` fills it in the background. Everything that can fail
 * for a reason the caller should hear (404, 403, 400) is settled before; a failure while writing can
 * only cut the download short, and is logged.
 */
export function workbookStream(
  write: (stream: Writable) => Promise<void>,
  onError: (error: unknown) => void,
): PassThrough {
  const stream = new PassThrough();
  write(stream).catch((error) => {
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}
