// `npm start`: build the web app if needed, then run the server in this very process, so SIGTERM and
// SIGINT reach it directly and it can finish requests in flight before exiting.
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './webBuild.mjs';

buildWebIfNeeded();
register();
await import('../server/main.ts');
