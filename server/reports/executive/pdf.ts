import type { Readable } from 'node:stream';
import { PRODUCT_NAME } from '@domain/codes.js';
import { safeName } from '../workbook/fileName.js';
import { fontFiles } from './fonts.js';
import { isoDay, reportDay } from './format.js';
import { type Doc, Layout } from './layout.js';
import { areaPage, planPages } from './planPages.js';
import { movement, standing } from './standingPages.js';
import type { ExecutiveSummary } from './summary.js';

// The executive summary PDF (docs/decisions.md#insights-actions): on two pages the organization's
// standing (overall figures, a chart per practice area, the largest gaps, progress, peers, role
// spread), then the plan, then a page per practice area. A4, DejaVu Sans embedded (fonts.ts), text and
// vector shapes only. Every figure is a field of ExecutiveSummary (summary.ts), written as the workbook's
// cells show it: one decimal (formatScore), dates YYYY-MM-DD.

export const PDF_TYPE = 'application/pdf';

/** 'SM-Roadmap-Acme Castings-Executive-Summary-2026-03-05.pdf', safe on every file system. */
export const executiveFileName = (organization: string, day: string) =>
  `SM-Roadmap-${safeName(organization, 120) || 'Organization'}-Executive-Summary-${day}.pdf`;

/** Writes the summary; the answer is the document as a stream, ended once written. */
export async function executivePdf(summary: ExecutiveSummary): Promise<Readable> {
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = fontFiles();
  const title = `Executive Summary: ${summary.organization}`;
  const doc: Doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    // No default font: pdfkit would otherwise load Helvetica, which it cannot embed.
    font: null as unknown as string,
    margins: { top: 46, bottom: 54, left: 48, right: 48 },
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    info: { Title: title, Author: PRODUCT_NAME, Subject: 'Executive summary', Creator: PRODUCT_NAME },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const layout = new Layout(doc, `${PRODUCT_NAME} · ${title} · ${isoDay(reportDay(summary))}`);

  layout.newPage();
  standing(layout, summary);
  layout.newPage();
  movement(layout, summary);
  layout.newPage();
  planPages(layout, summary);
  summary.areas.forEach((area, i) => {
    layout.newPage();
    areaPage(layout, summary, area, i);
  });
  doc.end();
  return doc;
}
