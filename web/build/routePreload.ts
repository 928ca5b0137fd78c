import crypto from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { EARLY_CALLS_GLOBAL, type EarlyCallRoute } from '../src/api/earlyCalls.js';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

// Every page is a lazy chunk (web/src/app/routes.tsx), so a first visit fetched its page only once the
// entry bundle had been downloaded and run: a second trip over the network after the heaviest CPU work,
// which on a throttled phone put the login form, the dashboard and an assessment 0.3-0.6 s later. A tiny
// script that index.html loads `async` beside the entry looks at the address (and whether a ticket is
// stored) and asks for the page's chunks and stylesheets at once, with <link rel="modulepreload">; the
// page's own import() then finds them downloaded. The script is a file of its own because the content
// security policy allows no inline script (server/app.ts). Addresses it does not know preload nothing.

export type RoutePreload = {
  /** A regular expression the path name must match. */
  path: string;
  /** Whether a stored auth ticket is required (true), ruled out (false) or does not matter (absent). */
  signedIn?: boolean;
  /** The page module, relative to the web app's root (web/). */
  module: string;
};

function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

function cssOf(chunk: OutputChunk): string[] {
  const meta = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
  return meta ? [...meta.importedCss] : [];
}

/**
 * The script: for the first route that matches, a modulepreload per script and a preload per stylesheet;
 * then, signed in, the first early-call route that matches sends its calls (web/src/api/earlyCalls.ts)
 * as the app's client would, and files them where the client looks for them.
 */
export function preloadScript(
  ticketKey: string,
  routes: { path: string; signedIn?: boolean; scripts: string[]; styles: string[] }[],
  earlyCalls: EarlyCallRoute[] = [],
): string {
  const table = JSON.stringify(routes.map((r) => [r.path, r.signedIn ?? null, r.scripts, r.styles]));
  const calls = JSON.stringify(
    earlyCalls.map((r) => [
      r.path,
      r.roles ?? null,
      r.calls.map((c) => [c.api, c.field ?? null, c.body ? JSON.stringify(c.body) : null]),
    ]),
  );
  return `(function () {
  function add(href, rel) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = '/' + href;
    link.crossOrigin = '';
    if (rel === 'preload') link.as = 'style';
    document.head.appendChild(link);
  }
  function preload(path, signedIn) {
    var routes = ${table};
    for (var i = 0; i < routes.length; i++) {
      var route = routes[i];
      if (!new RegExp(route[0]).test(path) || (route[1] !== null && route[1] !== signedIn)) continue;
      route[2].forEach(function (href) { add(href, 'modulepreload'); });
      route[3].forEach(function (href) { add(href, 'preload'); });
      return;
    }
  }
  function send(path, token, role) {
    var routes = ${calls};
    for (var i = 0; i < routes.length; i++) {
      var match = new RegExp(routes[i][0]).exec(path);
      if (!match || (routes[i][1] !== null && routes[i][1].indexOf(role) < 0)) continue;
      var filed = (window[${JSON.stringify(EARLY_CALLS_GLOBAL)}] = {});
      routes[i][2].forEach(function (call) {
        // [api, field, body]: the path's first group under field, or the body as written, or a GET.
        var body = call[2];
        if (call[1] !== null) {
          body = {};
          body[call[1]] = decodeURIComponent(match[1]);
          body = JSON.stringify(body);
        }
        var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
        if (body !== null) headers['Content-Type'] = 'application/json';
        var response = fetch('/api/' + call[0], {
          method: body === null ? 'GET' : 'POST',
          headers: headers,
          body: body === null ? undefined : body
        });
        // Taken by the client, or left unused: either way not an unhandled rejection.
        response.catch(function () {});
        filed[(body === null ? 'GET ' : 'POST ') + call[0] + ' ' + (body === null ? '' : body)] = {
          token: token,
          sentAt: performance.now(),
          response: response
        };
      });
      return;
    }
  }
  try {
    var path = location.pathname;
    var ticket = localStorage.getItem(${JSON.stringify(ticketKey)});
    // The calls first: over HTTP/1.1 the page's data would otherwise queue for a connection behind its
    // chunks, and the page draws only once both are in.
    var stored = null;
    try {
      stored = ticket && JSON.parse(ticket);
    } catch (e) {
      // A damaged ticket: no calls, the chunks all the same.
    }
    if (stored && typeof stored.token === 'string') send(path, stored.token, stored.user && stored.user.role);
    preload(path, !!ticket);
  } catch (e) {
    // Storage may be disabled (or the ticket damaged): the page then loads its chunks and data itself,
    // as it would without this script.
  }
})();
`;
}

/** The Vite plugin: writes the script after the bundle is complete and loads it from index.html. */
export function routePreload(
  webRoot: string,
  ticketKey: string,
  routes: RoutePreload[],
  earlyCalls: EarlyCallRoute[] = [],
): Plugin {
  return {
    name: 'smr-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') throw new Error('route preload: no entry chunk or index.html');
      const loadedFirst = closure(bundle, entry.fileName);
      const firstStyles = new Set([...loadedFirst].flatMap((f) => cssOf(bundle[f] as OutputChunk)));
      const resolved = routes.map((route) => {
        const page = chunks.find((c) => c.facadeModuleId === path.join(webRoot, route.module));
        if (!page) throw new Error(`route preload: no chunk for ${route.module}`);
        const scripts = [...closure(bundle, page.fileName)].filter((f) => !loadedFirst.has(f));
        const styles = scripts
          .flatMap((f) => cssOf(bundle[f] as OutputChunk))
          .filter((f) => !firstStyles.has(f));
        return { path: route.path, signedIn: route.signedIn, scripts, styles };
      });
      const source = preloadScript(ticketKey, resolved, earlyCalls);
      const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      // First in <head>: it is tiny, so it runs while the entry's own files are still on their way.
      html.source = String(html.source).replace(
        '<head>',
        `<head>\n    <script async src="/${fileName}"></script>`,
      );
    },
  };
}
