// Builds the web app when dist/web is missing or older than any source file, so `npm start` on a
// fresh clone serves the app with no separate step, and later starts do not rebuild for nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function webIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  return ['web', 'domain'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

const compressible = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once:
 * the server sends those (@fastify/static preCompressed) instead of compressing each download again,
 * and they come out smaller than the on-the-fly brotli at quality 5.
 */
export function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(full);
    else if (compressible.test(entry.name) && fs.statSync(full).size > 1024) {
      const data = fs.readFileSync(full);
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

export function buildWebIfNeeded() {
  if (webIsStale()) buildWeb();
}

/** Builds the web app into dist/web, with its precompressed copies. */
export function buildWeb() {
  console.log('Building the web app (dist/web)...');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  precompress(path.dirname(builtIndex));
}

// `node scripts/webBuild.mjs` builds when stale; `--force` (npm run build) always.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--force')) buildWeb();
  else buildWebIfNeeded();
}
