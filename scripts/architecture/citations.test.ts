import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code cites the documents a newcomer has: docs/product.md and docs/decisions.md, by anchor. The
// specification files and issue numbers it once cited are not in the repository, so a citation of
// them leads nowhere; a cited anchor that the docs lack leads nowhere either.

const root = path.resolve(import.meta.dirname, '../..');

/** Source and configuration files: everything tracked that is not documentation or data. */
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|css|html|ya?ml)$|(^|\/)Dockerfile$|^\.ci\//;
const SCANNED = /^(domain|server|web|e2e|scripts|bench)\/|^[^/]+$|^\.ci\//;

// Built from parts so that this file does not cite what it forbids.
const MD = '\\.md';
const FORBIDDEN = [
  { what: 'the old specification', re: new RegExp(`\\bSPEC${MD}`, 'g') },
  { what: 'the old interface contract', re: new RegExp(`\\bINTERFACES${MD}`, 'g') },
  { what: 'an issue number', re: new RegExp(`\\b[I${'i'}]ssue #?\\d+\\b`, 'g') },
];
const CITED_ANCHOR = /docs\/(product|decisions)\.md#([A-Za-z0-9_-]+)/g;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && SOURCE.test(file) && SCANNED.test(file) && file !== 'package-lock.json')
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** Explicit `<a id="...">` anchors and the GitHub slugs of the headings of a document. */
function anchorsOf(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(root, 'docs', `${doc}.md`), 'utf8');
  const ids = [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] ?? '');
  const slugs = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    (m[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-'),
  );
  return new Set([...ids, ...slugs]);
}

const files = sourceFiles();
const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('citations in code', () => {
  it('scans the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN)('cite no $what: docs/product.md or docs/decisions.md instead', ({ re }) => {
    const found: string[] = [];
    for (const [file, text] of texts) {
      if (file === self) continue;
      for (const m of text.matchAll(re)) found.push(`${file}:${lineOf(text, m.index ?? 0)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('cite only anchors that docs/product.md and docs/decisions.md have', () => {
    const anchors = { product: anchorsOf('product'), decisions: anchorsOf('decisions') };
    const missing: string[] = [];
    for (const [file, text] of texts) {
      for (const m of text.matchAll(CITED_ANCHOR)) {
        const doc = m[1] as keyof typeof anchors;
        if (!anchors[doc].has(m[2] ?? '')) missing.push(`${file}:${lineOf(text, m.index ?? 0)}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
