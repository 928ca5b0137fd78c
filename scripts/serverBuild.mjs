// Bundles the server (server/, domain/) into one ES module, dist/server/main.mjs, when it is missing or
// older than any source: `npm start` then loads plain JavaScript instead of compiling hundreds of
// TypeScript files through tsx on every start (start-up 4.2 s -> under 2 s, docs/decisions.md#performance-start).
// The packages are bundled too: Node resolving, reading and compiling about a thousand package files
// one by one (kysely alone is hundreds of ES modules) was half of a start; one file loads in a
// fraction of that (docs/perf-notes/startup.md). Native addons and what loads only on first use stay
// in node_modules, loaded from there as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist/server/main.mjs');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function serverIsStale() {
  if (!fs.existsSync(serverBundle)) return true;
  const built = fs.statSync(serverBundle).mtimeMs;
  return ['server', 'domain', 'package-lock.json', 'scripts/serverBuild.mjs'].some(
    (source) => newestMtime(path.join(root, source)) > built,
  );
}

/**
 * Left in node_modules: native addons (their binaries are found beside their own files), and the
 * packages the server imports only on first use (PostgreSQL's client, the spreadsheet writer, the
 * mail composer, the PDF writer).
 */
const external = ['better-sqlite3', '@node-rs/argon2', 'pg', 'pg-native', 'exceljs', 'nodemailer', 'pdfkit'];

export async function buildServerIfNeeded() {
  if (!serverIsStale()) return;
  // Loaded only when a build is due: most starts find the bundle fresh and need no compiler.
  const { buildSync } = await import('esbuild');
  // Built beside the target and renamed into place: a second start at the same moment never loads
  // a half-written file.
  const temporary = `${serverBundle}.${process.pid}.tmp.mjs`;
  buildSync({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  fs.renameSync(`${temporary}.map`, `${serverBundle}.map`);
  fs.renameSync(temporary, serverBundle);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerIfNeeded();
