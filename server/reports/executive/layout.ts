import type { FontName } from './fonts.js';

// The page furniture of the executive summary: pages with a footer, headings, paragraphs, figure
// cards and tables that break across pages with their header repeated. Everything is drawn as text
// and vector shapes with pdfkit; the layout keeps its own cursor (doc.y) and never lets pdfkit open a
// page by itself, so no text is ever cut or pushed onto a page of its own.

export const COLOR = {
  ink: '#1d2733',
  muted: '#5b6675',
  accent: '#2d4a6e',
  future: '#8fb3d9',
  rule: '#d5dbe3',
  zebra: '#f3f6f9',
  card: '#f6f8fb',
  alert: '#a4262c',
  white: '#ffffff',
} as const;

export const SIZE = { title: 22, h1: 18, h2: 13, h3: 10.5, body: 9.5, table: 8.5, small: 7.5 } as const;

export type Box = { x: number; y: number; width: number; height: number };
export type Align = 'left' | 'right' | 'center';
/** A column: its share of the table's width (relative to the others) and its alignment. */
export type Column = { header: string; width: number; align?: Align };
/**
 * A table cell: its text, optionally bold; a `mark` (a word such as Overdue, in bold, below the text);
 * a `note` (smaller, muted, below); or a `draw` that paints the cell's box itself.
 */
export type Cell =
  | string
  | {
      text: string;
      bold?: boolean;
      /** The text itself is a warning: bold, in the alert colour (its words carry the meaning). */
      alert?: boolean;
      mark?: string;
      note?: string;
      draw?: (doc: Doc, box: Box) => void;
    };

export type Doc = PDFKit.PDFDocument;

const PAD_X = 4;
const PAD_Y = 3.5;

export class Layout {
  private page = 0;

  constructor(
    readonly doc: Doc,
    private readonly footer: string,
  ) {
    doc.on('pageAdded', () => this.decorate());
  }

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get top() {
    return this.doc.page.margins.top;
  }
  /** The lowest point content may reach. */
  get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  get y() {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }
  /** Pages written so far. */
  get pages() {
    return this.page;
  }

  /** Sets the font, size and colour for what is written or measured next. */
  use(font: FontName, size: number, color: string = COLOR.ink): Doc {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  newPage(): void {
    this.doc.addPage();
  }

  /** Opens a page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  space(points: number): void {
    this.y = Math.min(this.y + points, this.bottom);
  }

  /** Height of a text at the current font, size and width. */
  measure(text: string, width: number, font: FontName, size: number): number {
    this.use(font, size);
    return this.doc.heightOfString(text || ' ', { width, lineGap: 1 });
  }

  /** Writes text at the cursor across `width` (the full width by default), opening a page if needed. */
  text(
    text: string,
    options: {
      font?: FontName;
      size?: number;
      color?: string;
      x?: number;
      width?: number;
      align?: Align;
    } = {},
  ): void {
    const font = options.font ?? 'regular';
    const size = options.size ?? SIZE.body;
    const x = options.x ?? this.left;
    const width = options.width ?? this.width - (x - this.left);
    const height = this.measure(text, width, font, size);
    this.ensure(height);
    const y = this.y;
    this.use(font, size, options.color).text(text, x, y, {
      width,
      lineGap: 1,
      align: options.align ?? 'left',
    });
    this.y = y + height;
    this.doc.x = this.left;
  }

  /** A section heading, kept on one page with at least `keep` points of what follows. */
  heading(text: string, size: number = SIZE.h2, keep = 60): void {
    const height = this.measure(text, this.width, 'bold', size);
    this.ensure(height + 6 + keep);
    this.text(text, { font: 'bold', size, color: COLOR.accent });
    this.space(3);
  }

  /** Figures side by side in framed cards: a label, a large value, a caption (a level, a word). */
  cards(items: { label: string; value: string; caption: string }[], height = 58): void {
    this.ensure(height);
    const gap = 10;
    const width = (this.width - gap * (items.length - 1)) / items.length;
    const y = this.y;
    items.forEach((item, i) => {
      const x = this.left + i * (width + gap);
      this.doc.roundedRect(x, y, width, height, 4).fillAndStroke(COLOR.card, COLOR.rule);
      this.doc.rect(x, y, 3, height).fill(COLOR.accent);
      const inner = width - 20;
      this.use('regular', SIZE.small, COLOR.muted);
      this.doc.text(this.fit(item.label, inner), x + 12, y + 7, { lineBreak: false });
      this.use('bold', 20, COLOR.ink).text(item.value, x + 12, y + 18, { width: inner, lineBreak: false });
      this.use('regular', SIZE.table, COLOR.muted);
      this.doc.text(this.fit(item.caption, inner), x + 12, y + 42, { lineBreak: false });
    });
    this.y = y + height;
    this.doc.x = this.left;
  }

  /** A label in bold and its value beside it, wrapping under the value. */
  fact(label: string, value: string, labelWidth = 110): void {
    const width = this.width - labelWidth;
    const height = Math.max(
      this.measure(label, labelWidth - 6, 'bold', SIZE.body),
      this.measure(value, width, 'regular', SIZE.body),
    );
    this.ensure(height);
    const y = this.y;
    this.use('bold', SIZE.body).text(label, this.left, y, { width: labelWidth - 6, lineGap: 1 });
    this.use('regular', SIZE.body).text(value, this.left + labelWidth, y, { width, lineGap: 1 });
    this.y = y + height + 2;
    this.doc.x = this.left;
  }

  /**
   * A table across the full width. A row that does not fit opens a page and the header is written
   * again; the header never stands alone at the foot of a page.
   */
  table(columns: Column[], rows: Cell[][], options: { size?: number; boldLast?: boolean } = {}): void {
    const size = options.size ?? SIZE.table;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const inner = (i: number) => (widths[i] ?? 0) - 2 * PAD_X;

    const headerHeight =
      Math.max(...columns.map((c, i) => this.measure(c.header, inner(i), 'bold', size))) + 2 * PAD_Y;
    const cellHeight = (cell: Cell, i: number, bold: boolean) => {
      if (typeof cell === 'string') return this.measure(cell, inner(i), bold ? 'bold' : 'regular', size);
      if (cell.draw) return size + 2;
      let h = this.measure(cell.text, inner(i), cell.bold || cell.alert || bold ? 'bold' : 'regular', size);
      if (cell.mark) h += this.measure(cell.mark, inner(i), 'bold', size);
      if (cell.note) h += 1 + this.measure(cell.note, inner(i), 'regular', SIZE.small);
      return h;
    };
    const rowHeight = (row: Cell[], bold: boolean) =>
      Math.max(...row.map((cell, i) => cellHeight(cell, i, bold))) + 2 * PAD_Y;

    const header = () => {
      const y = this.y;
      this.doc.rect(this.left, y, this.width, headerHeight).fill(COLOR.accent);
      columns.forEach((c, i) => {
        this.use('bold', size, COLOR.white).text(c.header, (xs[i] ?? 0) + PAD_X, y + PAD_Y, {
          width: inner(i),
          align: c.align ?? 'left',
          lineGap: 1,
        });
      });
      this.y = y + headerHeight;
    };

    const first = rows[0];
    this.ensure(headerHeight + (first ? rowHeight(first, false) : 0));
    header();
    rows.forEach((row, r) => {
      const bold = !!options.boldLast && r === rows.length - 1;
      const height = rowHeight(row, bold);
      if (this.y + height > this.bottom) {
        this.newPage();
        header();
      }
      const y = this.y;
      if (r % 2 === 1) this.doc.rect(this.left, y, this.width, height).fill(COLOR.zebra);
      row.forEach((cell, i) => {
        const box = { x: xs[i] ?? 0, y, width: widths[i] ?? 0, height };
        this.cell(cell, box, { size, bold, align: columns[i]?.align ?? 'left' });
      });
      this.y = y + height;
    });
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    this.doc.x = this.left;
  }

  private cell(cell: Cell, box: Box, style: { size: number; bold: boolean; align: Align }): void {
    const x = box.x + PAD_X;
    const width = box.width - 2 * PAD_X;
    let y = box.y + PAD_Y;
    const write = (text: string, font: FontName, size: number, color: string) => {
      this.use(font, size, color).text(text, x, y, { width, align: style.align, lineGap: 1 });
      y += this.doc.heightOfString(text || ' ', { width, lineGap: 1 });
    };
    if (typeof cell === 'string') {
      write(cell, style.bold ? 'bold' : 'regular', style.size, COLOR.ink);
      return;
    }
    if (cell.draw) {
      cell.draw(this.doc, { x, y: box.y + PAD_Y, width, height: box.height - 2 * PAD_Y });
      return;
    }
    const strong = cell.bold || cell.alert || style.bold;
    write(cell.text, strong ? 'bold' : 'regular', style.size, cell.alert ? COLOR.alert : COLOR.ink);
    if (cell.mark) write(cell.mark, 'bold', style.size, COLOR.alert);
    if (cell.note) {
      y += 1;
      write(cell.note, 'regular', SIZE.small, COLOR.muted);
    }
  }

  /** The text cut to `width` at the current font and size, with an ellipsis where it was cut. */
  private fit(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    const cut = (end: number) => `${text.slice(0, end).trimEnd()}…`;
    // The longest start that fits, by halving: a long name costs a few measurements, not one per letter.
    let low = 0;
    let high = text.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.doc.widthOfString(cut(mid)) <= width) low = mid;
      else high = mid - 1;
    }
    return cut(low);
  }

  /** The top band and the footer of a new page; the cursor goes to the top margin. */
  private decorate(): void {
    this.page += 1;
    const { doc } = this;
    doc.rect(0, 0, doc.page.width, 5).fill(COLOR.accent);
    // Written below the bottom margin: pdfkit would open a page for text past it, so it is lifted meanwhile.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - margin + 18;
    doc
      .moveTo(this.left, y - 6)
      .lineTo(this.left + this.width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    this.use('regular', SIZE.small, COLOR.muted);
    doc.text(this.fit(this.footer, this.width - 60), this.left, y, { lineBreak: false });
    this.use('regular', SIZE.small, COLOR.muted).text(`Page ${this.page}`, this.left, y, {
      width: this.width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
    doc.x = this.left;
    doc.y = this.top;
  }
}
