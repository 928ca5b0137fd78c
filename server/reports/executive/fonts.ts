import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The executive summary's typeface: DejaVu Sans, shipped as TrueType files by the dejavu-fonts-ttf
// package, so every machine that installs the project has it (no system font is assumed). pdfkit embeds
// the glyphs used as a subset (FontFile2); its own Helvetica and the other base-14 fonts would not be
// embedded at all, and cover no more than Latin-1, where DejaVu covers Latin, Greek and Cyrillic names.

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export type FontName = keyof typeof FILES;

let fonts: Record<FontName, Buffer> | undefined;

/** The fonts' files, read from node_modules on the first summary (not at start-up), then kept. */
export function fontFiles(): Record<FontName, Buffer> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fonts = { regular: read(FILES.regular), bold: read(FILES.bold) };
  }
  return fonts;
}
