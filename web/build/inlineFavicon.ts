import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The icon (web/public/favicon.svg, 0.7 KB) written into index.html as a data: address at build time:
 * one response fewer on every first visit, which over HTTP/1.1 cost 1.4 KB with its headers, for
 * about 0.4 KB more in the compressed page (docs/decisions.md#web-login-in-entry). The file stays in
 * public/ for anyone who asks for it by name; the development server keeps linking to it.
 */
export function inlineFavicon(webRoot: string): Plugin {
  return {
    name: 'smr-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = fs.readFileSync(path.join(webRoot, 'public/favicon.svg'), 'utf8').trim();
      // Single quotes inside, and percent-encoding only what an address cannot hold: the drawing stays
      // readable and compresses with the page.
      const drawing = svg.replace(/\s+/g, ' ').replaceAll('"', "'");
      const href = `data:image/svg+xml,${drawing.replace(/[#%<>]/g, encodeURIComponent)}`;
      const link = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
      if (!html.includes(link)) throw new Error('inline favicon: index.html links no /favicon.svg');
      return html.replace(link, `<link rel="icon" type="image/svg+xml" href="${href}" />`);
    },
  };
}
