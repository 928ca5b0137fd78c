// Bundles the server (server/, domain/) into one ES module, dist/server/main.mjs, when it is missing or
// older than any source: `npm start` then loads plain JavaScript instead of compiling hundreds of
// TypeScript files through tsx on every start (start-up 4.2 s -> under 2 s, docs/decisions.md#performance-start).
// Packages stay in node_modules (not bundled), so native addons and their files load as usual.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

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
  return ['server', 'domain', 'package-lock.json'].some(
    (source) => newestMtime(path.join(root, source)) > built,
  );
}

export function buildServerIfNeeded() {
  if (!serverIsStale()) return;
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
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.renameSync(`${temporary}.map`, `${serverBundle}.map`);
  fs.renameSync(temporary, serverBundle);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServerIfNeeded();
