// `npm start`: build the web app and the server bundle if needed, then run the server in this very
// process, so SIGTERM and SIGINT reach it directly and it can finish requests in flight before exiting.
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, serverBundle } from './serverBuild.mjs';
import { buildWebIfNeeded } from './webBuild.mjs';

buildWebIfNeeded();
await buildServerIfNeeded();
process.setSourceMapsEnabled(true); // stack traces in the log name the TypeScript files
await import(pathToFileURL(serverBundle).href);
