import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Bootstrap's full stylesheet is 230 KB (23 KB brotli), render-blocking on every page, and about 94 % of it
// styles components the app never draws (carousels, toasts, accordions, placeholders...). There is no Sass
// compiler in the project to build only the parts in use, so the build drops the rules that name a class
// nothing in the app can produce, and errs towards keeping: a class stays when its name, or the words it
// is made of, appear in the app's code (web/src, domain, index.html) or in the react-bootstrap modules it
// imports (which build names such as `btn-${variant}` from words the app passes in). Rich text from the server carries no class attribute (server/html/sanitize.ts). Rules without
// classes (reboot, :root variables, keyframes) always stay. Only bootstrap.min.css is pruned, before the
// build hashes it, so its file name still changes whenever its content does.

const BOOTSTRAP_CSS = /[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap\.min\.css$/;
const APP_SOURCE = /\.(tsx?|html)$/;

function appSources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) appSources(full, out);
    else if (APP_SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The react-bootstrap modules the app imports ('react-bootstrap/Button'), with their own imports. */
function reactBootstrapModules(appTexts: string[], repositoryRoot: string): string[] {
  const esm = path.join(repositoryRoot, 'node_modules/react-bootstrap/esm');
  const pending = appTexts.flatMap((text) =>
    [...text.matchAll(/from '(?:react-bootstrap\/)([A-Za-z]+)'/g)].map((m) => path.join(esm, `${m[1]}.js`)),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\/([A-Za-z/]+)(?:\.js)?'/g)) {
      pending.push(path.join(esm, `${m[1]}.js`));
    }
  }
  return [...seen];
}

export type Words = {
  /** Every run of letters, digits, '_' and '-', also without leading and trailing dashes. */
  all: Set<string>;
  /**
   * The words a class name is put together from: those before '${' or ending in '-' in the code
   * (`btn-${variant}`, `order${infix}-${n}`, 'btn-' + variant) and react-bootstrap's default prefixes
   * (useBootstrapPrefix(bsPrefix, 'btn')).
   */
  prefixes: Set<string>;
};

export function wordsIn(texts: string[]): Words {
  const all = new Set<string>();
  const prefixes = new Set<string>();
  const trim = (word: string) => word.replace(/^-+|-+$/g, '');
  for (const text of texts) {
    for (const word of text.match(/[A-Za-z0-9_-]+/g) ?? []) {
      all.add(word);
      all.add(trim(word));
      if (word.endsWith('-')) prefixes.add(trim(word));
    }
    for (const m of text.matchAll(/([A-Za-z0-9_-]+)\$\{/g)) prefixes.add(trim(m[1]!));
    for (const m of text.matchAll(/useBootstrapPrefix\([^,()]*,\s*['"]([^'"]+)['"]\)/g)) prefixes.add(m[1]!);
  }
  return { all, prefixes };
}

/**
 * A class may be in use when its name is a word, or when it is a prefix, a dash and the rest made of
 * words: 'btn-outline-secondary' from 'btn' and 'outline-secondary', 'col-md-6' from 'col', 'md' and
 * '6', the way react-bootstrap and the app put names together. 'list-group' stays out although 'list'
 * and 'group' are words, because nothing puts a name together from 'list'.
 */
function classMayBeUsed(name: string, words: Words): boolean {
  if (words.all.has(name)) return true;
  for (let dash = name.indexOf('-'); dash > 0; dash = name.indexOf('-', dash + 1)) {
    if (words.prefixes.has(name.slice(0, dash)) && madeOfWords(name.slice(dash + 1), words)) return true;
  }
  return false;
}

function madeOfWords(rest: string, words: Words): boolean {
  if (words.all.has(rest)) return true;
  for (let dash = rest.indexOf('-'); dash > 0; dash = rest.indexOf('-', dash + 1)) {
    if (words.all.has(rest.slice(0, dash)) && madeOfWords(rest.slice(dash + 1), words)) return true;
  }
  return false;
}

/** Splits a selector list at its top-level commas (not those inside :not(...) or [...]). */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/**
 * The selector without its `:not(...)` parts (nested parentheses included): a class named only there
 * need not be in use for the rule to apply; its absence is when it applies ('.show:not(.hiding)').
 */
function withoutNegations(selector: string): string {
  let out = '';
  let i = 0;
  for (let start = selector.indexOf(':not('); start >= 0; start = selector.indexOf(':not(', i)) {
    out += selector.slice(i, start);
    let depth = 0;
    let end = start + 4;
    for (; end < selector.length; end++) {
      if (selector[end] === '(') depth++;
      else if (selector[end] === ')' && --depth === 0) break;
    }
    i = end + 1;
  }
  return out + selector.slice(i);
}

function selectorMayMatch(selector: string, words: Words): boolean {
  // Attribute values and escaped characters could hide a dot, and :is() or :where() list alternatives
  // of which one class is enough; such selectors are kept as they are.
  if (selector.includes('\\') || /:(is|where)\(/.test(selector)) return true;
  const outsideAttributes = withoutNegations(selector).replace(/\[[^\]]*\]/g, '');
  for (const match of outsideAttributes.matchAll(/\.([A-Za-z_-][A-Za-z0-9_-]*)/g)) {
    if (!classMayBeUsed(match[1]!, words)) return false;
  }
  return true;
}

/** The index just past the block that opens at `open` (a '{'), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) throw new Error('unterminated string in CSS');
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('unbalanced braces in CSS');
}

/** The stylesheet without the rules whose every selector names a class that cannot be in use. */
export function pruneCss(css: string, words: Words): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2) + 2;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    if (/\s/.test(css[i]!)) {
      i++;
      continue;
    }
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (css[i] === '@' && semicolon >= 0 && (open < 0 || semicolon < open)) {
      out += css.slice(i, semicolon + 1); // @charset, @import
      i = semicolon + 1;
      continue;
    }
    if (open < 0) break;
    const end = blockEnd(css, open);
    const prelude = css.slice(i, open).trim();
    const body = css.slice(open + 1, end - 1);
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = pruneCss(body, words);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`; // @keyframes, @font-face, @page: kept whole
    } else {
      const kept = splitSelectors(prelude).filter((s) => selectorMayMatch(s, words));
      if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
    }
    i = end;
  }
  return out;
}

/** The Vite plugin: prunes bootstrap.min.css when a build loads it (the dev server keeps it whole). */
export function pruneBootstrapCss(repositoryRoot: string): Plugin {
  return {
    name: 'smr-prune-bootstrap-css',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id.split('?')[0]!)) return null;
      const appTexts = [
        ...appSources(path.join(repositoryRoot, 'web/src')),
        ...appSources(path.join(repositoryRoot, 'domain')),
        path.join(repositoryRoot, 'web/index.html'),
      ].map((file) => fs.readFileSync(file, 'utf8'));
      const libraryTexts = reactBootstrapModules(appTexts, repositoryRoot).map((file) =>
        fs.readFileSync(file, 'utf8'),
      );
      return { code: pruneCss(code, wordsIn([...appTexts, ...libraryTexts])), map: null };
    },
  };
}
