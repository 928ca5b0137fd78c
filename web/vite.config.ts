import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { importAliases } from '../importAliases.mjs';
import { inlineFavicon } from './build/inlineFavicon.js';
import { isLandingModule } from './build/landingChunk.js';
import { pruneBootstrapCss } from './build/pruneBootstrapCss.js';
import { routePreload } from './build/routePreload.js';
import { earlyCallRoutes } from './src/api/earlyCalls.js';
import { TICKET_STORAGE_KEY } from './src/api/ticketStorageKey.js';

// Resolved from this file so `vite --config web/vite.config.ts` works from the repository root.
const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command, mode }) => {
  // Vite keeps a NODE_ENV it finds set, and vitest sets 'test': the browser journeys (whose server
  // builds dist/web when stale) would then measure React's development build. A production build is
  // a production build unless a development one is asked for by name.
  if (command === 'build' && mode === 'production' && process.env.NODE_ENV !== 'development') {
    process.env.NODE_ENV = 'production';
  }
  return {
    root: webRoot,
    plugins: [
      react(),
      pruneBootstrapCss(fileURLToPath(new URL('..', import.meta.url))),
      inlineFavicon(webRoot),
      // The pages people land on: a signed-in user's dashboard, an assessment (the login form is in
      // the entry itself: web/src/app/HomeRoute.tsx), and the data an assessment's first paint waits on.
      routePreload(
        webRoot,
        TICKET_STORAGE_KEY,
        [
          { path: '^/(login)?$', signedIn: true, module: 'src/features/dashboard/DashboardPage.tsx' },
          {
            path: '^/assessment(/(?!results/)|$)',
            module: 'src/features/assessment/take/AssessmentPage.tsx',
          },
        ],
        earlyCallRoutes,
      ),
    ],
    resolve: { alias: importAliases },
    build: {
      // The server serves dist/web; emptying it keeps stale hashed chunks from piling up.
      outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What every page runs (React, the router, the query cache) in one chunk: one request
            // instead of half a dozen on the first visit, and it stays cached across releases that
            // change only the app. Everything else splits by page as before.
            groups: [
              {
                name: 'framework',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
              },
              // The rest of what the entry imports statically (the layout, react-bootstrap's shared parts,
              // the messages) goes into the entry chunk rather than ten files of 1-8 KB that every first
              // visit fetched anyway: over HTTP/1.1 each cost a request slot and 1.1 KB of headers (the
              // login page went from 21 responses to 11).
              {
                name: 'shell',
                tags: ['$initial'],
              },
              // What the dashboard and an assessment share beyond the shell, in one chunk rather than a
              // dozen of 1-4 KB (web/build/landingChunk.ts). After the shell, so it takes nothing from it.
              { name: 'landing', test: isLandingModule },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      },
    },
  };
});
